import { useCallback, useEffect, useState } from 'preact/hooks';
import type { FileDetailView, StreamEvent, ValuesField } from '../../../src/control/views.js';
import { api, openUrl } from '../api.js';
import { locale, t, type MessageKey } from '../i18n.js';
import { failureText, fieldLabel, reasonText } from '../reasons.js';
import { useEvents, useStatus } from '../live.js';
import { PagesLine } from '../progress.js';

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A line-item field (an array of row objects) as its own table. */
function SubTable({ rows }: { rows: Array<Record<string, unknown>> }) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return (
    <table class="sub">
      <thead>
        <tr>{columns.map((c) => <th scope="col">{fieldLabel(c)}</th>)}</tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr>{columns.map((c) => <td>{formatValue(r[c])}</td>)}</tr>
        ))}
      </tbody>
    </table>
  );
}

function Field({ field }: { field: ValuesField }) {
  const rows = Array.isArray(field.value) && field.value.every((r) => r && typeof r === 'object') ? (field.value as Array<Record<string, unknown>>) : undefined;
  return (
    <tr>
      <th scope="row">{fieldLabel(field.title)}</th>
      <td data-field={field.title}>{rows ? <SubTable rows={rows} /> : formatValue(field.value)}</td>
    </tr>
  );
}

export function FilePage({ id }: { id: number }) {
  const [file, setFile] = useState<FileDetailView>();
  const [error, setError] = useState<string>();
  const load = useCallback(() => api.file(id).then(setFile, (e: Error) => setError(e.message)), [id]);
  const { online } = useStatus();
  useEffect(() => void (online && load()), [load, online]); // again after the event stream reconnects
  useEvents(
    useCallback((e: StreamEvent) => {
      if (e.type === 'file' && e.data.file.id === id) void load();
      const pages = e.type === 'pages' && e.data.fileRow === id ? e.data.pages : undefined;
      if (pages !== undefined) setFile((f) => f && { ...f, pages });
    }, [id, load]),
  );
  if (error) return <p role="alert">{t('common.error', { message: error })}</p>;
  if (!file) return <p>{t('common.loading')}</p>;
  return (
    <section aria-labelledby="file-h">
      <p>
        <a href="#/activity">{t('file.back')}</a>
      </p>
      <h1 id="file-h">{file.relPath}</h1>
      {file.currentPath !== file.relPath && <p data-testid="file-place">{t('file.nowAt', { path: file.currentPath })}</p>}
      <p>
        <span class={`pill status-${file.status}`} data-testid="file-status">
          {t(`status.${file.status}` as MessageKey)}
        </span>{' '}
        {file.reason && <span class="reason">{file.status === 'failed' ? failureText(file.errorCode, file.reason) : reasonText(file.reason)}</span>}
      </p>
      {file.status === 'processing' && file.pages && (
        <p class="progress">
          <progress max={file.pages.total} value={file.pages.done} aria-label={t('progress.pages', { done: file.pages.done, total: file.pages.total })} />
          <PagesLine pages={file.pages} />
        </p>
      )}
      {file.status === 'failed' && (
        <button type="button" onClick={() => api.retryFile(id).then(load)}>
          {t('action.retry')}
        </button>
      )}
      <ul class="links">
        {(Object.keys(file.links) as Array<keyof FileDetailView['links']>)
          .filter((k) => file.links[k])
          .map((k) => (
            <li>
              <a href={openUrl(id, k)} target="_blank" rel="noopener">
                {t('file.openLink', { what: t(`file.link.${k}` as MessageKey) })}
              </a>
            </li>
          ))}
      </ul>
      <h2>{t('file.values')}</h2>
      {file.status === 'exported' && file.documents.length > 0 && (
        <p>
          <a class="button" href={`#/review/${file.id}`}>{t('file.review')}</a>
        </p>
      )}
      {file.documents.length === 0 ? (
        <p class="muted">{t('file.noValues')}</p>
      ) : (
        file.documents.map((doc) => (
          <table class="values" aria-label={`${fieldLabel(doc.schemaName)}: ${doc.fileName}`}>
            <caption>
              {fieldLabel(doc.schemaName)} — {doc.fileName}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('file.field')}</th>
                <th scope="col">{t('file.value')}</th>
              </tr>
            </thead>
            <tbody>{doc.fields.map((f) => <Field field={f} />)}</tbody>
          </table>
        ))
      )}
      <h2>{t('file.timeline')}</h2>
      <ol class="timeline">
        {file.events.map((e) => (
          <li>
            <time dateTime={new Date(e.at).toISOString()}>{new Date(e.at).toLocaleString(locale())}</time>{' '}
            <span class={`pill status-${e.to}`}>{t(`status.${e.to}` as MessageKey)}</span> {reasonText(e.reason)}
          </li>
        ))}
      </ol>
    </section>
  );
}

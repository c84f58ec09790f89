import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { FileView, StreamEvent } from '../../../src/control/views.js';
import { api } from '../api.js';
import { locale, t, type MessageKey } from '../i18n.js';
import { failureText, reasonText } from '../reasons.js';
import { useEvents, useStatus } from '../live.js';

const STATUSES = ['discovered', 'settled', 'uploading', 'processing', 'exported', 'failed', 'skipped', 'removed'] as const;
const PAGE = 50;

export function Activity() {
  const { status, online } = useStatus();
  // The overview's attention links open the list filtered (#/activity?status=failed).
  const [filters, setFilters] = useState(() => {
    const asked = new URLSearchParams(location.hash.split('?')[1] ?? '');
    return { folder: asked.get('folder') ?? '', status: asked.get('status') ?? '', q: asked.get('q') ?? '' };
  });
  const [files, setFiles] = useState<FileView[]>([]);
  const [total, setTotal] = useState(0);
  const [limit, setLimit] = useState(PAGE);
  const query = useRef({ ...filters, limit });
  query.current = { ...filters, limit };
  const shown = useRef(files);
  shown.current = files;

  // One request at a time, and one more after it when asked meanwhile: answers apply in the
  // order asked (an older page never overwrites a newer one), and a burst of events costs two
  // requests, not one each.
  const loading = useRef({ busy: false, again: false });
  const load = useCallback(async () => {
    const l = loading.current;
    if (l.busy) return void (l.again = true);
    l.busy = true;
    try {
      do {
        l.again = false;
        const page = await api.files(query.current).catch(() => undefined); // offline: the banner says so; reloaded on reconnect
        if (page) {
          setFiles(page.files);
          setTotal(page.total);
        }
      } while (l.again);
    } finally {
      l.busy = false;
    }
  }, []);
  // Also after the event stream reconnects: events sent while it was down are lost.
  useEffect(() => void (online && load()), [filters, limit, online, load]);

  const onEvent = useCallback(
    (event: StreamEvent) => {
      if (event.type !== 'file') return;
      const changed = event.data.file;
      if (!shown.current.some((f) => f.id === changed.id)) return void load();
      setFiles((list) => list.map((f) => (f.id === changed.id ? { ...f, status: event.data.to, reason: changed.reason, updatedAt: Date.now() } : f)));
    },
    [load],
  );
  useEvents(onEvent);

  const set = (key: keyof typeof filters) => (e: Event) => setFilters({ ...filters, [key]: (e.target as HTMLInputElement).value });
  return (
    <section aria-labelledby="activity-h">
      <h1 id="activity-h">{t('activity.heading')}</h1>
      <form class="filters" onSubmit={(e) => e.preventDefault()}>
        <div>
          <label for="f-folder">{t('activity.filter.folder')}</label>
          <select id="f-folder" value={filters.folder} onChange={set('folder')}>
            <option value="">{t('activity.all')}</option>
            {status?.folders.map((f) => <option value={f.path}>{f.path}</option>)}
          </select>
        </div>
        <div>
          <label for="f-status">{t('activity.filter.status')}</label>
          <select id="f-status" value={filters.status} onChange={set('status')}>
            <option value="">{t('activity.all')}</option>
            {STATUSES.map((s) => <option value={s}>{t(`status.${s}` as MessageKey)}</option>)}
          </select>
        </div>
        <div>
          <label for="f-name">{t('activity.filter.name')}</label>
          <input id="f-name" type="search" value={filters.q} onInput={set('q')} />
        </div>
      </form>
      {files.length === 0 ? (
        <p>{t('activity.empty')}</p>
      ) : (
        <table class="files">
          <thead>
            <tr>
              <th scope="col">{t('activity.col.file')}</th>
              <th scope="col">{t('activity.col.status')}</th>
              <th scope="col">{t('activity.col.updated')}</th>
              <th scope="col">{t('activity.col.reason')}</th>
            </tr>
          </thead>
          <tbody aria-live="polite">
            {files.map((f) => (
              <tr key={f.id} data-file={f.relPath}>
                <td>
                  <a href={`#/files/${f.id}`}>{f.relPath}</a>
                </td>
                <td>
                  <span class={`pill status-${f.status}`} data-status={f.status}>
                    {t(`status.${f.status}` as MessageKey)}
                  </span>
                </td>
                <td>
                  <time dateTime={new Date(f.updatedAt).toISOString()}>{new Date(f.updatedAt).toLocaleString(locale())}</time>
                </td>
                <td class="reason">{f.status === 'failed' ? failureText(f.errorCode, f.reason) : reasonText(f.reason)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {total > files.length && (
        <button type="button" onClick={() => setLimit(limit + PAGE)}>
          {t('activity.more')}
        </button>
      )}
    </section>
  );
}

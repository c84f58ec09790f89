import { useEffect, useState } from 'preact/hooks';
import type { FolderView } from '../../../src/control/views.js';
import { api } from '../api.js';
import { t } from '../i18n.js';
import { refreshStatus } from '../live.js';

const EMPTY = { path: '', remotePath: '', ocrModel: '', schemaId: '', onSuccess: 'keep', onFailure: 'keep', duplicates: 'skip', deletions: 'keep-remote' };
type Form = typeof EMPTY;

/** Only what was filled in; empty fields keep the defaults. */
const toBody = (form: Form) => Object.fromEntries(Object.entries(form).filter(([, v]) => v !== ''));

function FolderForm({ initial, onSubmit, submitLabel, fixedPath }: { initial: Form; onSubmit: (f: Form) => Promise<void>; submitLabel: string; fixedPath?: boolean }) {
  const [form, setForm] = useState(initial);
  const [schemas, setSchemas] = useState<Array<{ id: string; name: string }>>([]);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  useEffect(() => void api.schemas().then(setSchemas, () => setSchemas([])), []);
  const set = (key: keyof Form) => (e: Event) => setForm({ ...form, [key]: (e.target as HTMLInputElement).value });
  const submit = async (e: Event) => {
    e.preventDefault();
    try {
      await onSubmit(form);
      setMessage({ ok: true, text: t(fixedPath ? 'folders.saved' : 'folders.added') });
      if (!fixedPath) setForm(EMPTY);
    } catch (error) {
      setMessage({ ok: false, text: (error as Error).message });
    }
  };
  const id = (name: string) => `${fixedPath ? initial.path : 'new'}-${name}`;
  return (
    <form class="folder-form" onSubmit={submit}>
      {!fixedPath && (
        <p>
          <label for={id('path')}>{t('folders.path')}</label>
          <input id={id('path')} required value={form.path} onInput={set('path')} placeholder="/home/me/Invoices" />
        </p>
      )}
      <p>
        <label for={id('remote')}>{t('folders.remotePath')}</label>
        <input id={id('remote')} value={form.remotePath} onInput={set('remotePath')} />
      </p>
      <p>
        <label for={id('model')}>{t('folders.ocrModel')}</label>
        <input id={id('model')} value={form.ocrModel} onInput={set('ocrModel')} placeholder="Model_ENG_GP25" />
      </p>
      <p>
        <label for={id('schema')}>{t('folders.schemaId')}</label>
        <select id={id('schema')} value={form.schemaId} onChange={set('schemaId')}>
          <option value="">{t('folders.schema.auto')}</option>
          {schemas.map((s) => <option value={s.id}>{s.name}</option>)}
        </select>
      </p>
      <p>
        <label for={id('success')}>{t('folders.onSuccess')}</label>
        <select id={id('success')} value={form.onSuccess} onChange={set('onSuccess')}>
          <option value="keep">{t('folders.keep')}</option>
          <option value="move">{t('folders.move.success')}</option>
        </select>
      </p>
      <p>
        <label for={id('failure')}>{t('folders.onFailure')}</label>
        <select id={id('failure')} value={form.onFailure} onChange={set('onFailure')}>
          <option value="keep">{t('folders.keep')}</option>
          <option value="move">{t('folders.move.failure')}</option>
        </select>
      </p>
      <p>
        <label for={id('dupes')}>{t('folders.duplicates')}</label>
        <select id={id('dupes')} value={form.duplicates} onChange={set('duplicates')}>
          <option value="skip">{t('folders.duplicates.skip')}</option>
          <option value="upload">{t('folders.duplicates.upload')}</option>
        </select>
      </p>
      <p>
        <label for={id('deletions')}>{t('folders.deletions')}</label>
        <select id={id('deletions')} value={form.deletions} onChange={set('deletions')}>
          <option value="keep-remote">{t('folders.deletions.keep')}</option>
          <option value="delete-remote">{t('folders.deletions.delete')}</option>
        </select>
      </p>
      <button type="submit">{submitLabel}</button>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} class={message.ok ? 'ok' : 'error'}>
          {message.text}
        </p>
      )}
    </form>
  );
}

const fromView = (f: FolderView): Form => ({
  path: f.path,
  remotePath: f.remotePath ?? '',
  ocrModel: f.ocrModel ?? '',
  schemaId: f.schemaId ?? '',
  onSuccess: f.onSuccess,
  onFailure: f.onFailure,
  duplicates: f.duplicates,
  deletions: f.deletions,
});

export function Folders() {
  const [folders, setFolders] = useState<FolderView[]>();
  const load = () => api.folders().then(setFolders);
  useEffect(() => void load(), []);
  const after = async () => {
    await load();
    await refreshStatus();
  };
  return (
    <section aria-labelledby="folders-h">
      <h1 id="folders-h">{t('folders.heading')}</h1>
      {folders?.map((f) => (
        <details class="card" key={f.path}>
          <summary>{f.path}</summary>
          <FolderForm initial={fromView(f)} fixedPath submitLabel={t('action.save')} onSubmit={async (form) => (await api.updateFolder(toBody(form)), after())} />
          <div class="actions">
            <button type="button" onClick={async () => (await (f.paused ? api.resume(f.path) : api.pause(f.path)), after())}>
              {f.paused ? t('action.resume') : t('action.pause')}
            </button>
            <button
              type="button"
              class="danger"
              onClick={async () => {
                if (confirm(t('folders.confirmRemove', { path: f.path }))) (await api.removeFolder(f.path), after());
              }}
            >
              {t('action.remove')}
            </button>
          </div>
        </details>
      ))}
      <h2>{t('action.add')}</h2>
      <FolderForm initial={EMPTY} submitLabel={t('action.add')} onSubmit={async (form) => (await api.addFolder(toBody(form)), after())} />
    </section>
  );
}

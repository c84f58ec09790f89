import type { FolderView } from '../../../src/control/views.js';
import { api } from '../api.js';
import { t, type MessageKey } from '../i18n.js';
import { refreshStatus, useStatus } from '../live.js';

const STATUSES = ['exported', 'processing', 'uploading', 'settled', 'failed', 'skipped'] as const;

function FolderCard({ folder }: { folder: FolderView }) {
  const toggle = async () => {
    await (folder.paused ? api.resume(folder.path) : api.pause(folder.path));
    await refreshStatus();
  };
  return (
    <li class={`card folder state-${folder.state}`} data-folder={folder.path}>
      <div class="row">
        <h3 title={folder.path}>{folder.path}</h3>
        <span class={`pill state-${folder.state}`} data-testid="folder-state">
          {t(`state.${folder.state}` as MessageKey)}
        </span>
      </div>
      {folder.error && <p class="error">{folder.error}</p>}
      {folder.skippedLinks.length > 0 && (
        <p class="muted" data-testid="skipped-links">
          {t('overview.skippedLinks', { count: String(folder.skippedLinks.length), paths: folder.skippedLinks.map((l) => l.path).join(', ') })}
        </p>
      )}
      <dl class="counts">
        {STATUSES.map((s) => (
          <div>
            <dt>{t(`status.${s}` as MessageKey)}</dt>
            <dd data-count={s}>{folder.counts[s] ?? 0}</dd>
          </div>
        ))}
      </dl>
      {(folder.toReview ?? 0) > 0 && (
        <p>
          <a href="#/review" data-testid="folder-review">{t('review.toReview', { count: folder.toReview! })}</a>
        </p>
      )}
      <button type="button" onClick={toggle}>
        {folder.paused ? t('action.resume') : t('action.pause')}
      </button>
    </li>
  );
}

export function Overview() {
  const { status } = useStatus();
  if (!status) return <p>{t('common.loading')}</p>;
  const retry = async (id: number) => {
    await api.retryFile(id);
    await refreshStatus();
  };
  return (
    <section aria-labelledby="overview-h">
      <div class="row">
        <h1 id="overview-h">{t('overview.heading')}</h1>
        <div class="actions">
          <button type="button" onClick={async () => (await (status.paused ? api.resume() : api.pause()), refreshStatus())}>
            {status.paused ? t('overview.resumeAll') : t('overview.pauseAll')}
          </button>
        </div>
      </div>
      {status.diskFull && (
        <p role="alert" class="error" data-testid="disk-full">
          {t('overview.diskFull', { path: status.diskFull.path })}
        </p>
      )}
      {(status.toReview ?? 0) > 0 && (
        <p class="attention" data-testid="to-review">
          <a href="#/review">{t('review.toReview', { count: status.toReview! })}</a>
        </p>
      )}
      <p class="muted">
        {status.service.mode === 'embedded' ? t('overview.service.embedded') : t('overview.service.remote', { url: status.service.url })}
      </p>
      {status.folders.length === 0 ? (
        <p>{t('overview.noFolders')}</p>
      ) : (
        <ul class="cards">{status.folders.map((f) => <FolderCard key={f.path} folder={f} />)}</ul>
      )}
      <h2>{t('overview.running')}</h2>
      {status.running.length === 0 ? (
        <p class="muted">{t('overview.nothingRunning')}</p>
      ) : (
        <ul class="list" aria-live="polite">
          {status.running.map((f) => (
            <li>
              <a href={`#/files/${f.id}`}>{f.relPath}</a> <span class={`pill status-${f.status}`}>{t(`status.${f.status}` as MessageKey)}</span>
            </li>
          ))}
        </ul>
      )}
      <div class="row">
        <h2>{t('overview.failures')}</h2>
        {status.recentFailures.length > 0 && (
          <button type="button" onClick={async () => (await api.retryAll(), refreshStatus())}>
            {t('overview.retryAll')}
          </button>
        )}
      </div>
      {status.recentFailures.length === 0 ? (
        <p class="muted">{t('overview.noFailures')}</p>
      ) : (
        <ul class="list failures" aria-live="polite">
          {status.recentFailures.map((f) => (
            <li data-failure={f.id}>
              <a href={`#/files/${f.id}`}>{f.file}</a>
              <span class="reason">{f.reason}</span>
              <button type="button" onClick={() => retry(f.id)} aria-label={`${t('action.retry')}: ${f.file}`}>
                {t('action.retry')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

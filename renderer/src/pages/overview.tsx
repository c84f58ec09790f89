import type { Attention } from '../../../src/control/attention.js';
import type { FileView, FolderView } from '../../../src/control/views.js';
import { api } from '../api.js';
import { t, type MessageKey } from '../i18n.js';
import { refreshStatus, useStatus } from '../live.js';
import { failureText } from '../reasons.js';
import { PagesLine, timeLeft } from '../progress.js';
import { Totals } from './totals.js';

const STATUSES = ['exported', 'processing', 'uploading', 'settled', 'failed', 'skipped'] as const;

function FolderCard({ folder, reading }: { folder: FolderView; reading: FileView[] }) {
  const toggle = async () => {
    await (folder.paused ? api.resume(folder.path) : api.pause(folder.path));
    await refreshStatus();
  };
  return (
    <li class={`card folder state-${folder.state}`} data-folder={folder.path}>
      <div class="row">
        <h2 class="folder-name" title={folder.path}>{folder.path}</h2>
        <span class={`pill state-${shownState(folder)}`} data-testid="folder-state">
          {shownState(folder) === 'failed' ? t('state.failed', { count: folder.counts.failed ?? 0 }) : t(`state.${folder.state}` as MessageKey)}
        </span>
      </div>
      {folder.error && <p class="error">{folder.error}</p>}
      {folder.skippedLinks.length > 0 && (
        <p class="muted" data-testid="skipped-links">
          {t('overview.skippedLinks', { count: String(folder.skippedLinks.length), paths: folder.skippedLinks.map((l) => l.path).join(', ') })}
        </p>
      )}
      {folder.progress && <ProgressBar progress={folder.progress} />}
      {reading.length > 0 && (
        <ul class="reading">
          {reading.map((f) => (
            <li data-reading={f.relPath}>
              <a href={`#/files/${f.id}`}>{f.relPath}</a> <PagesLine pages={f.pages!} />
            </li>
          ))}
        </ul>
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
      <button type="button" onClick={toggle} aria-label={t(folder.paused ? 'action.resumeFolder' : 'action.pauseFolder', { folder: folder.path })}>
        {folder.paused ? t('action.resume') : t('action.pause')}
      </button>
    </li>
  );
}

/** Done of total, and the time left at the recent pace (once it can be told). */
function ProgressBar({ progress }: { progress: NonNullable<FolderView['progress']> }) {
  const total = progress.done + progress.remaining;
  const left = timeLeft(progress.secondsLeft);
  return (
    <p class="progress" data-testid="progress">
      <progress max={total} value={progress.done} aria-label={t('progress.label', { done: progress.done, total })} />
      <span>{t('progress.label', { done: progress.done, total })}, {left}</span>
    </p>
  );
}

/** "Up to date" only when it is: a folder at rest with failed files says how many failed. */
function shownState(folder: FolderView): string {
  return folder.state === 'idle' && (folder.counts.failed ?? 0) > 0 ? 'failed' : folder.state;
}

/** What needs a person, most urgent first, each with its count and a link to the list. */
function AttentionBanner({ attention }: { attention: Attention }) {
  if (attention.state === 'ok') {
    return (
      <p class="attention attention-ok" data-testid="attention" data-state="ok">
        {t('attention.ok')}
      </p>
    );
  }
  return (
    <div class={`attention attention-${attention.state}`} role="status" data-testid="attention" data-state={attention.state}>
      <strong>{t(`attention.head.${attention.state}` as MessageKey)}</strong>
      <ul>
        {attention.items.map((item) => (
          <li data-kind={item.kind}>
            <a href={item.href}>{t(`attention.${item.kind}` as MessageKey, { count: item.count })}</a>
          </li>
        ))}
      </ul>
    </div>
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
      <AttentionBanner attention={status.attention} />
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
        <ul class="cards">
          {status.folders.map((f) => (
            <FolderCard key={f.path} folder={f} reading={status.running.filter((r) => r.folder === f.path && r.pages)} />
          ))}
        </ul>
      )}
      <Totals version={status.folders.reduce((n, f) => n + (f.counts.exported ?? 0), 0)} />
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
              <span class="reason">{failureText(f.errorCode, f.reason)}</span>
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

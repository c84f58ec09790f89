// What the tray shows, derived from the control API's status. Plain logic: tested without Electron.

export type TrayIcon = 'idle' | 'syncing' | 'error' | 'paused';

export interface FolderStatus {
  path: string;
  state: 'idle' | 'scanning' | 'syncing' | 'paused' | 'error';
  counts: Record<string, number>;
}

export interface OverallStatus {
  paused: boolean;
  folders: FolderStatus[];
  /** The daemon is not reachable (starting, restarting, crashed). */
  offline?: boolean;
  /** What needs a person (the control API's attention state), most urgent first. */
  attention?: { state: string; items: Array<{ kind: string; count: number }> };
  /** Exported files whose values need a person's review (issue 16). */
  toReview?: number;
  /** The latest failures, newest first (for notifications). */
  recentFailures?: { id: number; folder: string; file: string; reason: string }[];
}

const ACTIVE = ['discovered', 'settled', 'uploading', 'processing'];

const sum = (folders: FolderStatus[], statuses: string[]) =>
  folders.reduce((n, f) => n + statuses.reduce((m, s) => m + (f.counts[s] ?? 0), 0), 0);

/** Error beats paused beats syncing beats idle: the person must see a problem first. */
export function trayIcon(status: OverallStatus): TrayIcon {
  if (status.offline) return 'error';
  const attention = status.attention?.state;
  if (attention && attention !== 'ok') return attention === 'paused' ? 'paused' : 'error';
  if (status.folders.some((f) => f.state === 'error') || sum(status.folders, ['failed']) > 0) return 'error';
  if (status.paused || (status.folders.length > 0 && status.folders.every((f) => f.state === 'paused'))) return 'paused';
  if (status.folders.some((f) => f.state === 'syncing' || f.state === 'scanning') || sum(status.folders, ACTIVE) > 0) return 'syncing';
  return 'idle';
}

const ATTENTION_WORDS: Record<string, (n: number) => string> = {
  diskFull: () => 'disk full',
  unreachable: (n) => `service unreachable (${n} waiting)`,
  missing: (n) => `${n} folder${n === 1 ? '' : 's'} missing`,
  failed: (n) => `${n} failed`,
  review: (n) => `${n} to review`,
  paused: (n) => `${n} folder${n === 1 ? '' : 's'} paused`,
};

/** What needs attention first (with its count), then the counts; "up to date" only when nothing does. */
export function trayTooltip(status: OverallStatus): string {
  if (status.offline) return 'docsync: not running (restarting)';
  const active = sum(status.folders, ACTIVE);
  const done = sum(status.folders, ['exported']);
  const failed = sum(status.folders, ['failed']);
  const items = status.attention?.items ?? [
    ...(failed ? [{ kind: 'failed', count: failed }] : []),
    ...(status.toReview ? [{ kind: 'review', count: status.toReview }] : []),
  ];
  const problems = items.filter((i) => i.kind !== 'paused').map((i) => ATTENTION_WORDS[i.kind]?.(i.count) ?? i.kind);
  const parts = [...problems, `${done} done`];
  if (active) parts.push(`${active} in progress`);
  else if (problems.length === 0 && !status.paused) parts.push('up to date');
  const head = status.paused ? 'docsync (paused)' : 'docsync';
  return `${head}: ${parts.join(', ')}`;
}

export interface MenuItem {
  id: 'open' | 'pause' | 'resume' | 'inbox' | 'login' | 'quit' | 'separator';
  label?: string;
  /** For the check box items (start at login). */
  checked?: boolean;
}

/** The tray menu: Open docsync, Pause/Resume, Open inbox folder, Start at login, Quit. */
export function trayMenu(status: OverallStatus, openAtLogin = false): MenuItem[] {
  return [
    { id: 'open', label: 'Open docsync' },
    status.paused ? { id: 'resume', label: 'Resume syncing' } : { id: 'pause', label: 'Pause syncing' },
    { id: 'inbox', label: 'Open inbox folder' },
    { id: 'separator' },
    { id: 'login', label: 'Start at login', checked: openAtLogin },
    { id: 'quit', label: 'Quit docsync' },
  ];
}

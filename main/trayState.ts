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
  if (status.folders.some((f) => f.state === 'error') || sum(status.folders, ['failed']) > 0) return 'error';
  if (status.paused || (status.folders.length > 0 && status.folders.every((f) => f.state === 'paused'))) return 'paused';
  if (status.folders.some((f) => f.state === 'syncing' || f.state === 'scanning') || sum(status.folders, ACTIVE) > 0) return 'syncing';
  return 'idle';
}

export function trayTooltip(status: OverallStatus): string {
  if (status.offline) return 'docsync: not running (restarting)';
  const active = sum(status.folders, ACTIVE);
  const failed = sum(status.folders, ['failed']);
  const done = sum(status.folders, ['exported']);
  const parts = [`${done} done`];
  if (active) parts.push(`${active} in progress`);
  if (failed) parts.push(`${failed} failed`);
  if (status.toReview) parts.push(`${status.toReview} to review`);
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

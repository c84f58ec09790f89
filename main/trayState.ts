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

export type TrayLang = 'en' | 'ja';

/** The tray's words in each language the UI speaks (the renderer's catalogue is not loaded in main). */
const WORDS = {
  en: {
    diskFull: () => 'disk full',
    unreachable: (n: number) => `service unreachable (${n} waiting)`,
    missing: (n: number) => `${n} folder${n === 1 ? '' : 's'} missing`,
    failed: (n: number) => `${n} failed`,
    review: (n: number) => `${n} to review`,
    paused: (n: number) => `${n} folder${n === 1 ? '' : 's'} paused`,
    done: (n: number) => `${n} done`,
    active: (n: number) => `${n} in progress`,
    upToDate: 'up to date',
    offline: 'docsync: not running (restarting)',
    headPaused: 'docsync (paused)',
    separator: ', ',
    open: 'Open docsync', resume: 'Resume syncing', pause: 'Pause syncing', inbox: 'Open inbox folder', login: 'Start at login', quit: 'Quit docsync',
  },
  ja: {
    diskFull: () => 'ディスクがいっぱい',
    unreachable: (n: number) => `サービスに接続できません（${n} 件待機中）`,
    missing: (n: number) => `見つからないフォルダー ${n} 件`,
    failed: (n: number) => `失敗 ${n} 件`,
    review: (n: number) => `要確認 ${n} 件`,
    paused: (n: number) => `一時停止中のフォルダー ${n} 件`,
    done: (n: number) => `完了 ${n} 件`,
    active: (n: number) => `処理中 ${n} 件`,
    upToDate: '最新の状態',
    offline: 'docsync：停止中（再起動しています）',
    headPaused: 'docsync（一時停止中）',
    separator: '、',
    open: 'docsync を開く', resume: '同期を再開', pause: '同期を一時停止', inbox: '受信フォルダーを開く', login: 'ログイン時に起動', quit: 'docsync を終了',
  },
} satisfies Record<TrayLang, Record<string, unknown>>;

export const TRAY_WORDS: Record<TrayLang, Record<string, unknown>> = WORDS;

/** The tray's language for an OS locale ("ja-JP" -> ja; anything else English). */
export function trayLang(locale: string): TrayLang {
  return locale.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

type AttentionKind = 'diskFull' | 'unreachable' | 'missing' | 'failed' | 'review' | 'paused';
const KINDS = new Set<string>(['diskFull', 'unreachable', 'missing', 'failed', 'review', 'paused']);

/** What needs attention first (with its count), then the counts; "up to date" only when nothing does. */
export function trayTooltip(status: OverallStatus, lang: TrayLang = 'en'): string {
  const w = WORDS[lang];
  if (status.offline) return w.offline;
  const active = sum(status.folders, ACTIVE);
  const done = sum(status.folders, ['exported']);
  const failed = sum(status.folders, ['failed']);
  const items = status.attention?.items ?? [
    ...(failed ? [{ kind: 'failed', count: failed }] : []),
    ...(status.toReview ? [{ kind: 'review', count: status.toReview }] : []),
  ];
  const problems = items.filter((i) => i.kind !== 'paused').map((i) => (KINDS.has(i.kind) ? w[i.kind as AttentionKind](i.count) : i.kind));
  const parts = [...problems, w.done(done)];
  if (active) parts.push(w.active(active));
  else if (problems.length === 0 && !status.paused) parts.push(w.upToDate);
  const head = status.paused ? w.headPaused : 'docsync';
  return `${head}${lang === 'ja' ? '：' : ': '}${parts.join(w.separator)}`;
}

export interface MenuItem {
  id: 'open' | 'pause' | 'resume' | 'inbox' | 'login' | 'quit' | 'separator';
  label?: string;
  /** For the check box items (start at login). */
  checked?: boolean;
}

/** The tray menu: Open docsync, Pause/Resume, Open inbox folder, Start at login, Quit. */
export function trayMenu(status: OverallStatus, openAtLogin = false, lang: TrayLang = 'en'): MenuItem[] {
  const w = WORDS[lang];
  return [
    { id: 'open', label: w.open },
    status.paused ? { id: 'resume', label: w.resume } : { id: 'pause', label: w.pause },
    { id: 'inbox', label: w.inbox },
    { id: 'separator' },
    { id: 'login', label: w.login, checked: openAtLogin },
    { id: 'quit', label: w.quit },
  ];
}

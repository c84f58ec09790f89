// Progress of long work (the first scan of a big folder, a burst of files): how many of a
// folder's files are done, how many are still on their way, and the time left at the pace of
// the last few minutes. Read from the state database alone, so the CLI (another process)
// and the UI say the same.
import type { Db } from './state/db.js';
import type { FileStatus, WatchedFileRow } from './state/files.js';
import { doneSince } from './state/queries.js';

export interface Progress {
  /** Files at rest (exported, failed, skipped) and still on their way. */
  done: number;
  remaining: number;
  /** Files that came to rest per minute over the window; null before any did. */
  perMinute: number | null;
  /** Seconds left at that pace; null when it cannot be told yet. */
  secondsLeft: number | null;
}

const WINDOW_MS = 3 * 60_000;
const ACTIVE: FileStatus[] = ['discovered', 'settled', 'uploading', 'processing'];
const AT_REST: FileStatus[] = ['exported', 'failed', 'skipped'];

/** Null when nothing is on its way (no progress to show). */
export function folderProgress(db: Db, folder: string, counts: Partial<Record<FileStatus, number>>, now = Date.now()): Progress | null {
  const remaining = ACTIVE.reduce((n, s) => n + (counts[s] ?? 0), 0);
  if (remaining === 0) return null;
  const done = AT_REST.reduce((n, s) => n + (counts[s] ?? 0), 0);
  // At-rest files are indexed by time (files_folder_done_recent): this reads the window only.
  const recent = doneSince(db, folder, now - WINDOW_MS);
  if (recent.n < 2 || recent.first === null) return { done, remaining, perMinute: null, secondsLeft: null };
  const spanMs = Math.max(now - recent.first, 10_000);
  const perMinute = (recent.n / spanMs) * 60_000;
  return { done, remaining, perMinute: Math.round(perMinute * 10) / 10, secondsLeft: Math.ceil((remaining / perMinute) * 60) };
}

/** Pages of one long document the service has read while it processes it (a scan being OCR'd). */
export interface PageProgress {
  done: number;
  total: number;
  /** At the pace of the pages read since the daemon first saw the count; null before it can be told, 0 once all are read. */
  secondsLeft: number | null;
}

/** A row's page progress as the daemon recorded it at its last poll; null when it is not processing. */
export function pageProgressOf(row: Pick<WatchedFileRow, 'status' | 'pages_done' | 'pages_total' | 'pages_due_at'>, now = Date.now()): PageProgress | null {
  if (row.status !== 'processing' || row.pages_total == null) return null;
  const done = row.pages_done ?? 0;
  if (done >= row.pages_total) return { done, total: row.pages_total, secondsLeft: 0 }; // the values are read next, in a moment
  const left = row.pages_due_at == null ? null : Math.ceil((row.pages_due_at - now) / 1000);
  // Past the expected end, the pace was wrong: better "working out" than "0 s left".
  return { done, total: row.pages_total, secondsLeft: left !== null && left > 0 ? left : null };
}

/** When the last page is expected, at the pace since `first` (the earliest count seen); null while none was read since. */
export function pagesDueAt(first: { at: number; done: number }, done: number, total: number, now: number): number | null {
  if (done <= first.done) return null;
  return Math.round(now + ((now - first.at) / (done - first.done)) * (total - done));
}

/** "3 min", "1 h 5 min", "40 s": the time left as a person reads it (English, for the CLI). */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

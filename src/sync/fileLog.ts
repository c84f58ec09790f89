// One log line per step of a file, in words a person can follow with `docsync logs -f`:
// `scan-0042.pdf: found`, `... uploaded`, `... failed: the service could not read it`.
// Each line carries `file` (path below its folder) and `step`, so the log can be filtered by name.
import type { FileStatus } from './state/files.js';
import type { Logger } from './logger.js';

const STEP: Partial<Record<FileStatus, string>> = {
  discovered: 'found',
  settled: 'settled',
  uploading: 'uploading',
  processing: 'uploaded',
  exported: 'processed and exported',
  failed: 'failed',
  skipped: 'skipped',
  removed: 'removed',
};

export interface FileStep {
  file: { rel_path: string; folder: string; reason: string | null };
  from: FileStatus | null;
  to: FileStatus;
  reason?: string | null;
}

/** The step's line, or null for a re-recorded state (a retry wait, a bookkeeping update). */
export function fileLogLine(e: FileStep): { step: string; msg: string; level: 'info' | 'warn' } | null {
  const step = STEP[e.to];
  if (!step || (e.from === e.to && e.to !== 'removed')) return null;
  const why = e.reason ?? e.file.reason;
  const reason = why ? `: ${why}` : '';
  const withReason = e.to === 'failed' || e.to === 'skipped' || e.to === 'removed' || e.to === 'exported';
  return { step, msg: `${e.file.rel_path}: ${step}${withReason ? reason : ''}`, level: e.to === 'failed' ? 'warn' : 'info' };
}

export function logFileStep(log: Logger, e: FileStep): void {
  const line = fileLogLine(e);
  if (!line) return;
  log[line.level]({ file: e.file.rel_path, folder: e.file.folder, step: line.step }, line.msg);
}

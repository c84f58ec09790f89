import { EventEmitter } from 'node:events';
import type { FileStatus, FileTransition, WatchedFileRow } from './state/files.js';
import type { PageProgress } from './progress.js';

export type FolderState = 'idle' | 'scanning' | 'syncing' | 'paused' | 'error' | 'missing';

/** Everything the daemon tells the outside world; the control API streams these. */
export interface SyncEvents {
  file: [FileTransition];
  folder: [{ folder: string; state: FolderState; error?: string }];
  idle: [];
  /** The disk under `path` is full (ENOSPC, EDQUOT): exports wait until a retry succeeds. */
  disk: [{ full: boolean; path?: string; code?: string }];
  /** A file's outputs were rewritten after a person's corrections reached the service (issue 16). */
  review: [{ fileRow: number }];
  /** The service read more pages of a long document the daemon waits for (issue 19). */
  pages: [{ fileRow: number; folder: string; pages: PageProgress | null }];
  log: [{ level: 'info' | 'warn' | 'error'; msg: string; data?: Record<string, unknown> }];
}

export class SyncEmitter extends EventEmitter<SyncEvents> {}

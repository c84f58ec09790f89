import type { PageProgress, Progress } from '../sync/progress.js';
import type { Attention } from './attention.js';
// The shapes the control API answers with; the renderer imports these types.
import type { FieldReview } from '../sync/review/types.js';
export type FolderState = 'idle' | 'scanning' | 'syncing' | 'paused' | 'error' | 'missing';
export type FileStatus = 'discovered' | 'settled' | 'uploading' | 'processing' | 'exported' | 'failed' | 'skipped' | 'removed';

export interface FolderView {
  path: string;
  state: FolderState;
  /** Exported files whose values need a person's review (issue 16). */
  toReview?: number;
  error?: string;
  paused: boolean;
  counts: Partial<Record<FileStatus, number>>;
  remotePath?: string;
  ocrModel?: string;
  schemaId?: string;
  onSuccess: 'keep' | 'move';
  onFailure: 'keep' | 'move';
  duplicates: 'skip' | 'upload';
  deletions: 'keep-remote' | 'delete-remote';
  links: 'skip' | 'inside';
  /** Symbolic links the folder did not follow, each with why (at most 50). */
  skippedLinks: Array<{ path: string; reason: string }>;
  /** While files are on their way: done, remaining and the time left at the recent pace. */
  progress: Progress | null;
}

export interface FileView {
  id: number;
  folder: string;
  relPath: string;
  /** Where the file is now, relative to its folder: relPath, or under Processed/ or Failed/ once docsync moved it there. */
  currentPath: string;
  status: FileStatus;
  reason: string | null;
  errorCode: string | null;
  attempts: number;
  size: number | null;
  updatedAt: number;
  uploadId: string | null;
  fileIds: string[];
  remotePath: string | null;
  /** While processing a long document: the pages the service has read, of how many, and the time left. */
  pages: PageProgress | null;
}

export interface StatusView {
  paused: boolean;
  /** What needs a person, most urgent first; wins over "Up to date" on the overview and the tray. */
  attention: Attention;
  firstRun: boolean;
  inbox: string;
  service: { mode: 'embedded' | 'remote'; url: string; instance?: string | null };
  folders: FolderView[];
  running: FileView[];
  recentFailures: Array<{ id: number; folder: string; file: string; reason: string; errorCode: string | null; waiting: boolean }>;
  /** Files to review over every folder (issue 16). */
  toReview?: number;
  /** Set while a write failed for want of space: exports wait, and resume by themselves. */
  diskFull: { path: string; code: string; since: number } | null;
}

export interface ValuesField {
  title: string;
  type: string;
  value: unknown;
}

export interface FileDetailView extends FileView {
  events: Array<{ at: number; from: FileStatus | null; to: FileStatus; reason: string | null }>;
  documents: Array<{ fileId: string; fileName: string; schemaName: string; fields: ValuesField[] }>;
  links: Record<'file' | 'json' | 'csv' | 'ledger-csv' | 'ledger-xlsx', boolean>;
}

export interface SettingsView {
  service: { mode: 'embedded' | 'remote'; url?: string; instance?: string | null; apiKeySet: boolean };
  concurrency: number;
  defaultOcrModel?: string;
  defaultSchemaId?: string;
}

/** Engine events as the SSE stream sends them (the contract: StreamEvent in contract.ts). */
export type { StreamEvent } from './contract.js';

export type ReviewStateName = 'needs review' | 'checked' | 'auto';

export interface ReviewQueueEntry {
  id: number;
  folder: string;
  relPath: string;
  state: ReviewStateName;
  reasons: Array<{ document: number; field?: string; kind: 'missing' | 'low' | 'check'; detail: string }>;
  valuesAt: number;
  pending: number;
}

/** A field as the review page shows it: its review (confidence, source, correction) with its type and value. */
export interface ReviewFieldView extends FieldReview {
  type: string;
  value: unknown;
}

export interface ReviewDetailView {
  id: number;
  folder: string;
  relPath: string;
  state: ReviewStateName;
  threshold: number;
  reasons: ReviewQueueEntry['reasons'];
  /** Saves not yet accepted by the service (offline, or in flight). */
  pendingSaves: number;
  /** Saves the service refused, with its reason. */
  refused: string[];
  /** The next file to review, if any. */
  next: number | null;
  documents: Array<{ fileId: string; schemaValueId: string; fileName: string; schemaName: string; fields: ReviewFieldView[] }>;
}

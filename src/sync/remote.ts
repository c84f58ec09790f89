import type { KeptBytes } from '../client/index.js';
import type { Claim } from '../contract/claims.js';
import type { FormValuesEntry } from './export/index.js';

/** One page's words, boxes as fractions of the page (the service's pages extension, issue 16). */
export interface PageWords {
  page: number;
  source: string;
  words: Array<{ text: string; box: [number, number, number, number] }>;
}

/** What the daemon sends with a ticket request (spec 4.10). */
export interface TicketRequest {
  fileName: string;
  fileType: string;
  destinationPath?: string;
  directoryId?: string;
  ocrModel?: string;
  schemaId?: string;
  isEphemeral: boolean;
  isSplit: boolean;
}

export interface UploadProgress {
  /** waiting: still processing (or bytes not yet received); completed / failed: final. */
  status: 'waiting' | 'completed' | 'failed';
  /** The service received the bytes (a step past `file_uploaded` is recorded, or files exist). */
  received: boolean;
  fileIds: string[];
  errorReason?: string;
  /** sha256 of the bytes the service holds, when it says (one file made of the upload). */
  sha256?: string;
  /** While waiting: the pages read of a long document, when the service says (an extension, issue 19). */
  pages?: { done: number; total: number };
}

/**
 * The service as the daemon needs it: a narrow port over the typed client, so the
 * upload pump reads as the issue describes it and the client stays the one place
 * that knows HTTP, retries of single calls and problem details.
 */
export interface Remote {
  /**
   * Ticket then PUT of the file's bytes. `ticketKey(n)` gives the Idempotency-Key of the
   * n-th ticket request in this call (n > 0 only after an expired address). The bytes are sent
   * once `onTicket` (and the promise it returns) is done: the upload id is recorded first.
   */
  /**
   * `sha256`: of the bytes that went out (the file may have changed since it was hashed). `kept`:
   * the file's bytes as hashed, sent instead of reading the file while its stat is still theirs.
   */
  upload(
    absPath: string, ticket: TicketRequest, ticketKey: (n: number) => string, onTicket: (uploadId: string) => void | Promise<void>, kept?: KeptBytes,
  ): Promise<{ uploadId: string; sha256: string }>;
  /** Upload status; falls back to the files list by upload id when the server lacks the extension. */
  progress(uploadId: string): Promise<UploadProgress>;
  /** Every formValues entry of a file, all pages, with full table data. */
  values(fileId: string): Promise<FormValuesEntry[]>;
  deleteFiles(fileIds: string[]): Promise<void>;
  /** A person's corrections of one formValues entry (decisions 23); answers the updated entry. */
  updateValues(fileId: string, schemaValueId: string, fields: Array<{ title: string; value: unknown }>, idempotencyKey: string): Promise<FormValuesEntry>;
  /** The words of a file's pages with their boxes (an extension; empty when the service lacks it). */
  pageWords(fileId: string): Promise<PageWords[]>;
  close(): Promise<void>;
  /**
   * Takes or renews a claim of desktops sharing a folder (decisions 24); null when the service
   * offers no claims (a service that is not ours). Absent: a Remote that never shares folders.
   */
  takeClaim?(c: { scope: string; key: string; holder: string; leaseMs: number; path?: string; uploadId?: string }): Promise<{ granted: boolean; claim: Claim } | null>;
  /** Gives up a claim the caller holds (a desktop stopping): another desktop may take it at once. */
  releaseClaim?(c: { scope: string; key: string; holder: string }): Promise<void>;
  /** Finishes a claim the caller holds; null when it no longer does (another desktop took it over). */
  finishClaim?(c: { scope: string; key: string; holder: string; status: 'exported' | 'failed'; result: { uploadId?: string; fileIds?: string[]; reason?: string } }): Promise<Claim | null>;
  /**
   * Present when the service can say itself that an upload's processing ended (the embedded
   * service, in this process): the pipeline then fetches results when told, and polls only
   * as a safety net. Remote services have none and are polled. Returns the unsubscribe function.
   */
  onSettled?(listener: (uploadId: string) => void): () => void;
}

/** Machine-readable failure of a remote step, as stored on the file row. */
export interface RemoteFailure {
  code: string;
  message: string;
  /** Retrying later can succeed (network, 408, 409, 429, 5xx). */
  transient: boolean;
  /** Seconds the service asked us to wait (429). */
  retryAfter?: number;
  /** The service's problem details, kept on the row. */
  problem?: Record<string, unknown>;
}

export class RemoteError extends Error implements RemoteFailure {
  readonly code: string;
  readonly transient: boolean;
  readonly retryAfter?: number;
  readonly problem?: Record<string, unknown>;

  constructor(f: RemoteFailure) {
    super(f.message);
    this.name = 'RemoteError';
    this.code = f.code;
    this.transient = f.transient;
    this.retryAfter = f.retryAfter;
    this.problem = f.problem;
  }
}

/** 408, 409 (in flight), 429 and 5xx can succeed later; other 4xx will not. */
export function isTransientStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 409 || status === 429 || status >= 500;
}

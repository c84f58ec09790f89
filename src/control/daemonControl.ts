// What the control API needs from the daemon. The daemon implements it; the API
// only translates HTTP to these calls and streams `events`.
import type { SyncEmitter } from '../sync/events.js';
import type { AgentAskBody, AgentSessionBody, ConnectionTestBody, FilesQuery, FolderBody, ReviewSaveBody, SettingsBody } from './contract.js';

export class ControlError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ControlError';
  }
}

export type Openable = 'file' | 'json' | 'csv' | 'ledger-csv' | 'ledger-xlsx';

/** The agent (issue 6) through the daemon's service client; answers are the service's shapes. */
export interface AgentControl {
  sessions(): Promise<unknown>;
  createSession(body: AgentSessionBody): Promise<unknown>;
  session(id: string): Promise<unknown>;
  ask(id: string, body: AgentAskBody): Promise<unknown>;
  stop(id: string): Promise<unknown>;
  deleteSession(id: string): Promise<unknown>;
  /** The job, its citations with the local file each came from (null when none). */
  job(id: string): Promise<unknown>;
}

/** Review and correct (issue 16): answers are the shapes of views.ts. */
export interface ReviewApi {
  queue(q: { folder?: string; all?: boolean }): unknown;
  detail(id: number): unknown;
  words(id: number): Promise<unknown>;
  page(id: number, page: number): Promise<{ png: Buffer; pages: number }>;
  save(id: number, body: ReviewSaveBody): unknown;
}

export interface DaemonControl {
  readonly events: SyncEmitter;
  readonly agent: AgentControl;
  /** Absent on a daemon without reviews (tests' fakes). */
  readonly review?: ReviewApi;
  status(): unknown;
  /** Totals per month and top vendors per currency (the overview's chart). */
  totals(): unknown;
  listFiles(query: FilesQuery): { files: unknown[]; total: number };
  fileDetail(id: number): unknown | undefined;
  /** Absolute path of the file, a sidecar or the folder's ledger; undefined when it does not exist. */
  openablePath(id: number, what: Openable): string | undefined;
  retry(target: { fileId?: number; folder?: string }): number;
  pause(folder?: string): void;
  resume(folder?: string): void;
  folders(): unknown[];
  addFolder(body: FolderBody): unknown;
  updateFolder(body: FolderBody): unknown;
  removeFolder(path: string): void;
  settings(): unknown;
  updateSettings(body: SettingsBody): unknown;
  testConnection(body: ConnectionTestBody): Promise<unknown>;
  listSchemas(): Promise<unknown[]>;
  rebuildLedgers(): Promise<unknown>;
  logs(limit: number): unknown[];
}

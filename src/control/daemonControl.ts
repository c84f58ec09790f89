// What the control API needs from the daemon. The daemon implements it; the API
// only translates HTTP to these calls and streams `events`.
import type { SyncEmitter } from '../sync/events.js';
import type { ConnectionTestBody, FilesQuery, FolderBody, SettingsBody } from './contract.js';

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

export interface DaemonControl {
  readonly events: SyncEmitter;
  status(): unknown;
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

import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './state/db.js';
import {
  Ledger, moveSidecars, removeSidecars, writeSidecars, rebuildLedgers, type FormValuesEntry, type LedgerEvent,
} from './export/index.js';
import type { Config, FolderConfig } from './config.js';
import type { FileRow } from './state/files.js';

export type OutputSettings = Config['outputs'];
const DEFAULT_SETTINGS: OutputSettings = { csvSeparator: 'auto', ledgers: 'each-folder', deletedFiles: 'remove' };

/**
 * The exporters as the daemon uses them: sidecars beside each file, and ledgers: the watched
 * folder's roll-up of every file below it, plus (`ledgers: each-folder`) one per sub-folder for
 * the files directly in it. A file docsync moved into Processed/ or Failed/ stays listed where
 * it came from, its link pointing to where it is now.
 */
export class Outputs {
  readonly ledger: Ledger;
  private readonly settings: OutputSettings;

  constructor(
    private readonly db: Db,
    private readonly folderOf: (absPath: string) => FolderConfig | undefined,
    onEvent?: (e: LedgerEvent) => void,
    private readonly ledgerOptions: { retryInitialMs?: number; retryMaxMs?: number } = {},
    settings: Partial<OutputSettings> = {},
  ) {
    this.settings = { ...DEFAULT_SETTINGS, ...settings };
    this.ledger = new Ledger(db, { ledgersOf: (p) => this.ledgersOf(p), onEvent, format: this.format, ...ledgerOptions });
  }

  private get format() {
    return { locale: this.settings.locale, csvSeparator: this.settings.csvSeparator };
  }

  /** The ledgers that list a file: its watched folder's, and its own sub-folder's. */
  ledgersOf(abs: string): string[] {
    const folder = this.folderOf(abs);
    if (!folder) return [path.dirname(abs)];
    if (this.settings.ledgers === 'root') return [folder.path];
    const parts = path.relative(folder.path, path.dirname(abs)).split(path.sep).filter(Boolean);
    const movedInto = (parts[0] === 'Processed' && folder.onSuccess === 'move') || (parts[0] === 'Failed' && folder.onFailure === 'move');
    if (movedInto) parts.shift();
    return parts.length === 0 ? [folder.path] : [folder.path, path.join(folder.path, ...parts)];
  }

  async exported(sourcePath: string, row: FileRow, documents: FormValuesEntry[], fileIds: string[], processedAt: Date): Promise<void> {
    const remotePath = [row.remote_path, path.basename(sourcePath)].filter(Boolean).join('/');
    await writeSidecars({
      sourcePath,
      meta: {
        uploadId: row.upload_id!,
        fileIds,
        remotePath,
        sha256: row.sha256!,
        size: row.size ?? undefined,
        uploadedAt: row.ticket_at ? new Date(row.ticket_at).toISOString() : undefined,
        processedAt: processedAt.toISOString(),
      },
      documents,
      csvSeparator: this.ledger.format.csvSeparator,
    });
    this.ledger.upsert({ sourcePath, remotePath, status: 'exported', processedAt: processedAt.toISOString(), documents });
  }

  failed(sourcePath: string, row: FileRow, reason: string): void {
    const remotePath = [row.remote_path, path.basename(sourcePath)].filter(Boolean).join('/');
    this.ledger.upsert({ sourcePath, remotePath, status: 'failed', processedAt: new Date().toISOString(), documents: [], note: reason });
  }

  async moved(fromAbs: string, toAbs: string): Promise<void> {
    if (fs.existsSync(toAbs)) await moveSidecars(fromAbs, toAbs);
    this.ledger.rename(fromAbs, toAbs);
  }

  /** A file deleted locally: its rows and sidecars go, or (`deletedFiles: keep`) its rows stay marked "deleted". */
  async deleted(abs: string): Promise<'removed' | 'kept'> {
    if (this.settings.deletedFiles === 'keep') {
      this.ledger.markDeleted(abs);
      return 'kept';
    }
    await removeSidecars(abs);
    this.ledger.remove(abs);
    return 'removed';
  }

  async rebuild(folders: string[]): Promise<void> {
    await this.ledger.flush();
    const roots = folders.map((f) => path.resolve(f));
    await rebuildLedgers(this.db, {
      roots, ledgersOf: (p) => this.ledgersOf(p), format: this.format, ...this.ledgerOptions,
    });
  }

  close(): Promise<unknown> {
    return this.ledger.close();
  }
}

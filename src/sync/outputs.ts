import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './state/db.js';
import {
  Ledger, moveSidecars, removeSidecars, writeSidecars, rebuildLedgers, type FormValuesEntry, type LedgerEvent,
} from './export/index.js';
import type { Config, FolderConfig } from './config.js';
import { withoutOutcomeDir } from './location.js';
import type { WatchedFileRow } from './state/files.js';
import type { ReviewBook } from './review/book.js';

export type OutputSettings = Config['outputs'];
const LEDGER_LAYOUT = '2';
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
    /** `writes`: whether this desktop writes a ledger now (shared folders: the ledger claim's holder only). */
    private readonly ledgerOptions: { retryInitialMs?: number; retryMaxMs?: number; writes?: (ledgerDir: string) => boolean } = {},
    settings: Partial<OutputSettings> = {},
    /** Review states and corrections (issue 16); without it the outputs carry no review. */
    private readonly review?: ReviewBook,
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
    const parts = withoutOutcomeDir(folder, path.relative(folder.path, path.dirname(abs)).split(path.sep).filter(Boolean));
    return parts.length === 0 ? [folder.path] : [folder.path, path.join(folder.path, ...parts)];
  }

  /** `reviewState`: the review step's verdict for the ledger's Review column (`needs review`, `checked`, `auto`). */
  async exported(sourcePath: string, row: WatchedFileRow, delivered: FormValuesEntry[], fileIds: string[], processedAt: Date, reviewState?: string): Promise<void> {
    const remotePath = [row.remote_path, path.basename(sourcePath)].filter(Boolean).join('/');
    const { documents, review } = this.review?.prepare(row.id, delivered, fileIds, processedAt.getTime()) ?? { documents: delivered, review: undefined };
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
      review,
    });
    this.ledger.upsert({ sourcePath, remotePath, status: 'exported', processedAt: processedAt.toISOString(), documents, reviewState: review?.state ?? reviewState, review });
  }

  /**
   * A file another desktop sharing the folder exported: its sidecars are that desktop's to write,
   * its rows are listed here too, so that whichever desktop writes the ledgers lists every file.
   */
  exportedByPeer(sourcePath: string, row: WatchedFileRow, documents: FormValuesEntry[], processedAt: Date): void {
    const remotePath = [row.remote_path, path.basename(sourcePath)].filter(Boolean).join('/');
    this.ledger.upsert({ sourcePath, remotePath, status: 'exported', processedAt: processedAt.toISOString(), documents });
  }

  failed(sourcePath: string, row: WatchedFileRow, reason: string): void {
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

  /**
   * Once per layout version and `ledgers` setting: every file listed in the ledgers it belongs
   * to now (a ledger per sub-folder came with layout 2; before, only the watched folder had one).
   */
  adoptLayout(folders: string[], done: () => string | null, record: (v: string) => void): void {
    const layout = `${LEDGER_LAYOUT}:${this.settings.ledgers}`;
    if (done() === layout) return;
    this.ledger.retarget(folders.map((f) => path.resolve(f)));
    record(layout);
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

import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './state/db.js';
import { Ledger, moveSidecars, writeSidecars, rebuildLedgers, type FormValuesEntry, type LedgerEvent } from './export/index.js';
import type { FolderConfig } from './config.js';
import type { FileRow } from './state/files.js';
import type { ReviewBook } from './review/book.js';

/** The exporters as the daemon uses them: one ledger per watched folder, sidecars beside each file. */
export class Outputs {
  readonly ledger: Ledger;

  constructor(
    private readonly db: Db,
    private readonly folderOf: (absPath: string) => FolderConfig | undefined,
    onEvent?: (e: LedgerEvent) => void,
    private readonly ledgerOptions: { retryInitialMs?: number; retryMaxMs?: number } = {},
    /** Review states and corrections (issue 16); without it the outputs carry no review. */
    private readonly review?: ReviewBook,
  ) {
    this.ledger = new Ledger(db, {
      ledgerDirOf: (p) => this.folderOf(p)?.path ?? path.dirname(p),
      onEvent,
      ...ledgerOptions,
    });
  }

  async exported(sourcePath: string, row: FileRow, delivered: FormValuesEntry[], fileIds: string[], processedAt: Date): Promise<void> {
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
      review,
    });
    this.ledger.upsert({ sourcePath, remotePath, status: 'exported', processedAt: processedAt.toISOString(), documents, review });
  }

  failed(sourcePath: string, row: FileRow, reason: string): void {
    const remotePath = [row.remote_path, path.basename(sourcePath)].filter(Boolean).join('/');
    this.ledger.upsert({ sourcePath, remotePath, status: 'failed', processedAt: new Date().toISOString(), documents: [], note: reason });
  }

  async moved(fromAbs: string, toAbs: string): Promise<void> {
    if (fs.existsSync(toAbs)) await moveSidecars(fromAbs, toAbs);
    this.ledger.rename(fromAbs, toAbs);
  }

  async rebuild(folders: string[]): Promise<void> {
    await this.ledger.flush();
    await rebuildLedgers(this.db, { ledgerDirs: folders, ledgerDirOf: (p) => this.folderOf(p)?.path ?? path.dirname(p), ...this.ledgerOptions });
  }

  close(): Promise<unknown> {
    return this.ledger.close();
  }
}

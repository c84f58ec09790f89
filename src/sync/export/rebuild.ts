// `docsync export`: rewrite ledgers whole from SQLite, optionally re-reading
// the JSON sidecars first (recovers ledger rows when the state database was
// lost or the files were exported by another machine).
import type { Database } from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { removeStaleTempFiles } from './atomic.js';
import { Ledger, type FlushReport, type LedgerOptions } from './ledger.js';
import { JSON_SIDECAR_SUFFIX } from './names.js';
import type { SidecarJson } from './sidecars.js';

export interface RebuildOptions extends LedgerOptions {
  /** Ledger folders to rebuild; default every ledger the database knows. */
  ledgerDirs?: string[];
  /** Folders to scan (recursively) for `*.values.json` sidecars, upserted before the rebuild. */
  importSidecarsFrom?: string[];
  /** Watched folders: every file below them is listed in the ledgers it belongs to now, and all of those are rebuilt. */
  roots?: string[];
}

export interface RebuildReport extends FlushReport { imported: number; unreadable: string[] }

export async function rebuildLedgers(db: Database, options: RebuildOptions = {}): Promise<RebuildReport> {
  const ledger = new Ledger(db, options);
  let imported = 0;
  const unreadable: string[] = [];
  const dirs = new Set(options.ledgerDirs ?? []);
  for (const root of options.importSidecarsFrom ?? []) {
    for (const jsonPath of findSidecars(root)) {
      const sourcePath = jsonPath.slice(0, -JSON_SIDECAR_SUFFIX.length);
      const sidecar = readSidecar(jsonPath);
      if (!sidecar) { unreadable.push(jsonPath); continue; }
      ledger.upsert({
        sourcePath, remotePath: sidecar.docsync.remotePath, status: 'exported',
        processedAt: sidecar.docsync.processedAt, documents: sidecar.documents,
      });
      const of = options.ledgersOf ?? ((p: string) => [(options.ledgerDirOf ?? path.dirname)(p)]);
      for (const d of of(path.resolve(sourcePath))) dirs.add(d);
      imported += 1;
    }
  }
  if (options.roots) for (const d of ledger.retarget(options.roots)) dirs.add(d);
  const report = await ledger.rebuild(options.ledgerDirs || options.importSidecarsFrom || options.roots ? [...dirs] : undefined);
  await ledger.close();
  for (const dir of [...report.written, ...report.failed.map((f) => f.ledgerDir)]) removeStaleTempFiles(dir);
  return { ...report, imported, unreadable };
}

function readSidecar(jsonPath: string): SidecarJson | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(jsonPath, 'utf8')) as SidecarJson;
    return parsed?.docsync && Array.isArray(parsed.documents) ? parsed : null;
  } catch {
    return null;
  }
}

function* findSidecars(root: string): Generator<string> {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(root, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const full = path.join(root, e.name);
    if (e.isDirectory()) yield* findSidecars(full);
    else if (e.isFile() && e.name.toLowerCase().endsWith(JSON_SIDECAR_SUFFIX)) yield full;
  }
}

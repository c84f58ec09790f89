// Where a file is: the one module that answers it (issue 20). A row keeps the path it was found
// at (`rel_path`, NFC, its identity), the spelling on disk when that differs (`disk_path`, a name
// in NFD) and the folder docsync moved it into after its outcome (`outcome_dir`: Processed/ or
// Failed/). Everything that opens, links to or reports a file, or its sidecars, asks here.
import fs from 'node:fs';
import path from 'node:path';
import type { FolderConfig } from './config.js';
import { sidecarPaths } from './export/names.js';
import type { WatchedFileRow } from './state/files.js';

/** The folders docsync moves files into, by outcome, when the folder asks for it (`move`). */
export const OUTCOME_DIRS = { success: 'Processed', failure: 'Failed' } as const;
export type OutcomeDir = (typeof OUTCOME_DIRS)[keyof typeof OUTCOME_DIRS];

type MovePolicy = Pick<FolderConfig, 'onSuccess' | 'onFailure'>;
export type Placed = Pick<WatchedFileRow, 'folder' | 'rel_path' | 'disk_path' | 'outcome_dir'>;

/** The outcome folders this watched folder uses: never scanned, never watched. */
export function outcomeDirs(folder: MovePolicy): OutcomeDir[] {
  const dirs: OutcomeDir[] = [];
  if (folder.onSuccess === 'move') dirs.push(OUTCOME_DIRS.success);
  if (folder.onFailure === 'move') dirs.push(OUTCOME_DIRS.failure);
  return dirs;
}

/** Where a file with this outcome goes, or null when it stays where it is. */
export function outcomeDirFor(folder: MovePolicy, status: 'exported' | 'failed'): OutcomeDir | null {
  if (status === 'exported') return folder.onSuccess === 'move' ? OUTCOME_DIRS.success : null;
  return folder.onFailure === 'move' ? OUTCOME_DIRS.failure : null;
}

/** Where the file was found, as spelled on disk (absolute). */
export function foundAt(row: Pick<WatchedFileRow, 'folder' | 'rel_path' | 'disk_path'>): string {
  return path.join(row.folder, ...(row.disk_path ?? row.rel_path).split('/'));
}

/** Where the file is now, relative to its watched folder, as shown (NFC, '/'-separated): `Processed/2026/a.pdf`. */
export function placeNow(row: Placed): string {
  return row.outcome_dir ? `${row.outcome_dir}/${row.rel_path}` : row.rel_path;
}

/** Where the file is now (absolute, spelled as on disk): where it was found, or in the outcome folder docsync moved it into. */
export function whereNow(row: Placed): string {
  const rel = (row.disk_path ?? row.rel_path).split('/');
  return row.outcome_dir ? path.join(row.folder, row.outcome_dir, ...rel) : path.join(row.folder, ...rel);
}

/** Where the file would be once moved into `dir` (absolute). */
export function whereIn(row: Placed, dir: OutcomeDir): string {
  return whereNow({ ...row, outcome_dir: dir });
}

/** The file's sidecars (values JSON and CSV): beside the file, wherever it is now. */
export function sidecarsOf(row: Placed): { json: string; csv: string } {
  return sidecarPaths(whereNow(row));
}

/**
 * A path inside a watched folder without its outcome folder: `Processed/2026/a.pdf` ->
 * `2026/a.pdf`. A file moved there is still listed in the ledgers of where it was found.
 */
export function withoutOutcomeDir(folder: MovePolicy, parts: string[]): string[] {
  return parts.length > 0 && (outcomeDirs(folder) as string[]).includes(parts[0]!) ? parts.slice(1) : parts;
}

/**
 * True when docsync moved the file at `rel` into an outcome folder: its disappearance is not a
 * deletion. Asked of the disk, because the watcher may report the file gone before the row
 * records the move.
 */
export function isInOutcomeDir(folderPath: string, rel: string): boolean {
  const parts = rel.split('/');
  return Object.values(OUTCOME_DIRS).some((d) => fs.existsSync(path.join(folderPath, d, ...parts)));
}

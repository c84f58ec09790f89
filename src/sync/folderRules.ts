// Which folders may be watched: one check shared by the CLI (`docsync folders add`), the
// control API and so the UI's Folders page, so none of them can add what another refuses.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type FolderRuleCode =
  | 'INVALID_PATH'
  | 'FOLDER_NOT_FOUND'
  | 'NOT_A_FOLDER'
  | 'ROOT_FOLDER'
  | 'HOME_FOLDER'
  | 'DATA_FOLDER'
  | 'ALREADY_WATCHED'
  | 'NESTED_FOLDER';

export class FolderRuleError extends Error {
  constructor(
    readonly code: FolderRuleCode,
    message: string,
  ) {
    super(message);
    this.name = 'FolderRuleError';
  }
}

export interface FolderRuleContext {
  /** docsync's data folder (state.db, logs, the embedded service's blobs). */
  dataDir: string;
  /** Folders watched already (absolute). */
  watched: string[];
  /** The folder being edited, which may keep its own path. */
  self?: string;
  /** Defaults to the user's home folder. */
  home?: string;
}

/**
 * True when `child` lies strictly below `parent`. Written with path.relative, not
 * `startsWith(parent + sep)`: for the root that prefix is `//`, which matched nothing.
 */
export function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel !== '' && !rel.startsWith('..' + path.sep) && rel !== '..' && !path.isAbsolute(rel);
}

const realOrSelf = (p: string): string => {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
};

/** Both the path as given and where it really is (a link to the data folder is the data folder). */
const spellings = (p: string): string[] => [...new Set([path.resolve(p), realOrSelf(p)])];

const overlaps = (a: string, b: string): 'same' | 'nested' | null => {
  for (const x of spellings(a)) {
    for (const y of spellings(b)) {
      if (x === y) return 'same';
      if (isInside(x, y) || isInside(y, x)) return 'nested';
    }
  }
  return null;
};

/**
 * Returns the folder's absolute path, or throws FolderRuleError saying what is wrong. A path
 * that does not exist is refused, never created: a typo must not become a new empty folder.
 */
export function checkWatchedFolder(input: string, ctx: FolderRuleContext): string {
  if (input.includes('\0')) throw new FolderRuleError('INVALID_PATH', 'A folder path cannot hold a NUL character.');
  if (!path.isAbsolute(input)) throw new FolderRuleError('INVALID_PATH', `${input}: give the full path of the folder (for example /home/me/Invoices).`);
  const abs = path.resolve(input);
  const st = fs.statSync(abs, { throwIfNoEntry: false });
  if (!st) throw new FolderRuleError('FOLDER_NOT_FOUND', `${abs} does not exist: check the spelling, or create the folder first.`);
  if (!st.isDirectory()) throw new FolderRuleError('NOT_A_FOLDER', `${abs} is a file, not a folder.`);
  const forbidden = forbiddenFolder(abs, ctx);
  if (forbidden) throw forbidden;
  for (const other of ctx.watched) {
    if (ctx.self !== undefined && path.resolve(other) === path.resolve(ctx.self)) continue;
    const o = overlaps(abs, other);
    if (o === 'same') throw new FolderRuleError('ALREADY_WATCHED', `${abs} is watched already.`);
    if (o === 'nested') throw new FolderRuleError('NESTED_FOLDER', `${abs} overlaps ${other}, which is watched already.`);
  }
  return abs;
}

/**
 * The rules that hold whether or not the folder is there now: not the root, not the home folder,
 * not the data folder nor anything holding it or inside it. The daemon applies them at start to
 * a config edited by hand; null when the folder passes.
 */
export function forbiddenFolder(input: string, ctx: Pick<FolderRuleContext, 'dataDir' | 'home'>): FolderRuleError | null {
  const abs = path.resolve(input);
  const real = realOrSelf(abs);
  if (path.dirname(real) === real) return new FolderRuleError('ROOT_FOLDER', `${abs} is the root of the file system: choose a folder inside it.`);
  const home = ctx.home ?? os.homedir();
  if (spellings(home).includes(real)) return new FolderRuleError('HOME_FOLDER', `${abs} is your home folder: choose a folder inside it (for example ${path.join(home, 'Invoices')}).`);
  if (overlaps(abs, ctx.dataDir)) return new FolderRuleError('DATA_FOLDER', `${abs} holds or is inside docsync's own data folder (${ctx.dataDir}): choose another.`);
  return null;
}

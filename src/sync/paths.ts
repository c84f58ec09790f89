import { createHash } from 'node:crypto';
import path from 'node:path';
import picomatch from 'picomatch';
import { DEFAULT_EXCLUDES, type FolderConfig } from './config.js';
import { outcomeDirs } from './location.js';

/**
 * Relative path as stored: '/'-separated and NFC, so a name spelled in NFD
 * (macOS, some SMB servers) and the same name in NFC are one row, not twins.
 */
export function toRelPath(folder: string, absPath: string): string {
  return storedRelPath(toDiskRelPath(folder, absPath));
}

/** A relative path as spelled on disk, as stored (NFC); names in ASCII, most of them, are NFC already. */
export function storedRelPath(diskRelPath: string): string {
  return /[^\x00-\x7f]/.test(diskRelPath) ? diskRelPath.normalize('NFC') : diskRelPath;
}

/** The relative path as spelled on disk ('/'-separated), needed to open a file whose name is NFD. */
export function toDiskRelPath(folder: string, absPath: string): string {
  return path.relative(folder, absPath).split(path.sep).join('/');
}

export type PathFilter = (relPath: string) => boolean;

/** True when the file is to be synced. Excludes match the base name and the whole relative path. */
export function buildFilter(folder: FolderConfig, extraExclude: (name: string) => boolean = () => false): PathFilter {
  const excludes = [...DEFAULT_EXCLUDES, ...folder.exclude];
  excludes.push(...outcomeDirs(folder).map((d) => `${d}/**`));
  const opts = { dot: true, nocase: process.platform !== 'linux' };
  const isExcluded = anyGlob(excludes, opts);
  const isIncluded = anyGlob(folder.include, opts);
  return (name) => {
    // Globs never match a line break ('*' stops at one): a name holding one would match nothing,
    // not even the default '**', and never be synced. Matched as if it were a space.
    const rel = name.replace(/[\r\n]/g, ' ');
    const base = rel.slice(rel.lastIndexOf('/') + 1);
    if (extraExclude(base)) return false;
    if (isExcluded(rel) || isExcluded(base)) return false;
    return isIncluded(rel);
  };
}

/**
 * Whether a path matches any of the globs, as picomatch(globs) answers (a glob equal to the path,
 * or its regular expression), with the expressions joined into one: picomatch tries the globs one
 * by one and was a third of the CPU of a start-up scan of 100,000 files (issue 20).
 */
function anyGlob(globs: string[], opts: picomatch.PicomatchOptions): PathFilter {
  const literal = new Set(globs);
  const res = globs.map((g) => picomatch.makeRe(g, opts));
  const one = new RegExp(res.map((r) => `(?:${r.source})`).join('|') || '(?!)', res[0]?.flags ?? '');
  return (p) => literal.has(p) || one.test(p);
}

/** A directory to skip entirely while scanning (its whole subtree is excluded). */
export function buildDirFilter(folder: FolderConfig): PathFilter {
  const dirs = ['.git', 'node_modules', ...outcomeDirs(folder)];
  return (rel) => !dirs.includes(rel.split('/')[0]!) && !rel.split('/').some((s) => s === '.git');
}

/**
 * destinationPath for a file: the folder's remote root, then the local
 * sub-folders, folded when deeper than the service's level limit.
 */
export function remoteDir(folder: FolderConfig, relPath: string): string {
  const root = (folder.remotePath ?? '').split('/').filter(Boolean);
  const local = relPath.split('/').slice(0, -1);
  const all = [...root, ...local].map((s) => s.normalize('NFC'));
  if (all.length <= folder.remoteLevels) return all.join('/');
  const kept = all.slice(0, folder.remoteLevels);
  if (folder.depthFolding === 'join') {
    kept[kept.length - 1] = all.slice(folder.remoteLevels - 1).join(' - ');
  }
  return kept.join('/');
}

/**
 * The file's name as sent to the service, which refuses control characters (a newline, a tab) in
 * names: each becomes a space there. The local file keeps its name.
 */
export function remoteFileName(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f]/g, ' ');
}

/**
 * Stable across retries and restarts for one version of one file at one place,
 * so a replayed ticket request returns the same upload instead of a second one.
 * `generation` changes only when a fresh upload is wanted (new version, expired ticket).
 */
export function idempotencyKey(sha256: string, remotePath: string, fileName: string, generation: number): string {
  return createHash('sha256').update(`${sha256}\n${remotePath}\n${fileName}\n${generation}`).digest('hex');
}

// Symbolic links inside a watched folder. Followed, a link to ~/.ssh or to docsync's data
// folder would upload what nobody dropped there, and a link to a parent would loop. So a
// link is skipped unless the folder allows links that stay inside it ('inside').
import fs from 'node:fs';
import path from 'node:path';
import { isInside } from './folderRules.js';

export type LinkVerdict =
  | { follow: true; kind: 'file' | 'dir'; real: string }
  | { follow: false; reason: string };

/**
 * Whether the link at `abs` may be followed. `rootReal` is the watched folder's real path.
 * A directory link is refused when its target contains the link itself (a loop).
 */
export function judgeLink(abs: string, rootReal: string, policy: 'skip' | 'inside'): LinkVerdict {
  if (policy === 'skip') return { follow: false, reason: 'symbolic links are not followed' };
  let real: string;
  let st: fs.Stats;
  try {
    real = fs.realpathSync(abs);
    st = fs.statSync(real);
  } catch {
    return { follow: false, reason: 'the link leads nowhere (or loops)' };
  }
  if (!isInside(real, rootReal)) return { follow: false, reason: `the link leads outside the watched folder (${real})` };
  if (st.isDirectory()) {
    const linkDirReal = fs.realpathSync(path.dirname(abs));
    if (linkDirReal === real || isInside(linkDirReal, real)) return { follow: false, reason: 'the link leads to a folder that holds it (a loop)' };
    return { follow: true, kind: 'dir', real };
  }
  if (st.isFile()) return { follow: true, kind: 'file', real };
  return { follow: false, reason: 'the link leads to something that is not a file or folder' };
}

/**
 * The links a folder skipped, each logged once (a link stays for months; the hourly rescan
 * must not log it every hour) and listed in the folder's status.
 */
export class SkippedLinks {
  private readonly links = new Map<string, string>();

  constructor(private readonly onNew: (rel: string, reason: string) => void) {}

  note(rel: string, reason: string): void {
    if (this.links.get(rel) === reason) return;
    this.links.set(rel, reason);
    this.onNew(rel, reason);
  }

  /** The link went away (or became a regular file). */
  forget(rel: string): boolean {
    return this.links.delete(rel);
  }

  list(limit = 50): Array<{ path: string; reason: string }> {
    return [...this.links].slice(0, limit).map(([p, reason]) => ({ path: p, reason }));
  }

  get size(): number {
    return this.links.size;
  }
}

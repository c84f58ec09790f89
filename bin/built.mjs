// Whether dist/ holds the compiled code of the sources as they are now: `npm run build` (and
// `npm ci`, through `prepare`) writes dist/.build.json last, with the newest modification time
// among the sources and their folders when the build began (a folder's time changes when a
// file in it is added, removed or renamed). bin/docsync.mjs runs the compiled code only when
// nothing is newer; the TypeScript otherwise, through tsx.
import fs from 'node:fs';
import path from 'node:path';

/** What the compiled code is made from (tsconfig.build.json compiles src/ and main/). */
const SOURCES = ['src', 'main', 'tsconfig.json', 'tsconfig.build.json'];
export const STAMP = path.join('dist', '.build.json');

/** The newest modification time of the sources (files and folders), in ms. */
export function sourcesMtimeMs(root) {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    newest = Math.max(newest, st.mtimeMs);
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  for (const s of SOURCES) visit(path.join(root, s));
  return newest;
}

/** True when dist/ was built from the sources as they are (no source changed since). */
export function buildIsCurrent(root) {
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(root, STAMP), 'utf8'));
  } catch {
    return false;
  }
  return typeof stamp.sourcesMtimeMs === 'number' && sourcesMtimeMs(root) <= stamp.sourcesMtimeMs;
}

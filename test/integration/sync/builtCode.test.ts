// `npm start` and bin/docsync.mjs run the compiled code (dist/) when it was built from the
// sources as they are, and the TypeScript through tsx after a source changed (issue 20: the
// compiled daemon uses far less memory). Checked on a small copy of the package layout, so
// what runs is told by what it prints.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIsCurrent, sourcesMtimeMs, STAMP } from '../../../bin/built.mjs';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** bin/ and the start's flags copied, node_modules linked (for tsx), an ES-module package.json, a main in src/ and one in dist/ that say which they are. */
function fixture(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-built-'));
  dirs.push(root);
  fs.mkdirSync(path.join(root, 'bin'));
  for (const f of ['docsync.mjs', 'built.mjs']) fs.copyFileSync(path.resolve('bin', f), path.join(root, 'bin', f));
  fs.symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  write('package.json', JSON.stringify({ type: 'module' }));
  // bin/docsync.mjs sets `docsync start`'s V8 flags from their one list before anything else.
  write('src/cli/startFlags.mjs', fs.readFileSync(path.resolve('src/cli/startFlags.mjs'), 'utf8'));
  write('src/cli/main.ts', "export async function main(argv: string[]): Promise<void> { console.log('sources', argv.slice(2).join(' ')); }\n");
  write('dist/src/cli/main.js', "export async function main(argv) { console.log('compiled', argv.slice(2).join(' ')); }\n");
  write(STAMP, JSON.stringify({ sourcesMtimeMs: sourcesMtimeMs(root) }));
  return root;
}

function run(root: string): string {
  const r = spawnSync(process.execPath, [path.join(root, 'bin', 'docsync.mjs'), 'start', '--x'], { encoding: 'utf8', timeout: 60_000 });
  expect(r.stderr.replace(/.*npm warn.*\n?/g, '')).toBe('');
  return r.stdout.trim();
}

/** Sets a path's modification time `s` seconds after the build's record of the sources. */
function later(root: string, rel: string, s = 10): void {
  const t = new Date(sourcesMtimeMs(root) + s * 1000);
  fs.utimesSync(path.join(root, rel), t, t);
}

describe('the compiled code or the sources', { timeout: 120_000 }, () => {
  it('runs the compiled code when it is current, with the arguments', () => {
    const root = fixture();
    expect(buildIsCurrent(root)).toBe(true);
    expect(run(root)).toBe('compiled start --x');
  });

  it('runs the sources after a source was edited', () => {
    const root = fixture();
    later(root, 'src/cli/main.ts');
    expect(buildIsCurrent(root)).toBe(false);
    expect(run(root)).toBe('sources start --x');
  });

  it('runs the sources after a source file was added, removed or renamed (its folder changed)', () => {
    const root = fixture();
    later(root, 'src/cli');
    expect(run(root)).toBe('sources start --x');
  });

  it('runs the sources when nothing was built, or while a build runs (no record yet)', () => {
    const root = fixture();
    fs.rmSync(path.join(root, STAMP));
    expect(run(root)).toBe('sources start --x');
  });

  it('npm start builds first when the compiled code is not current', () => {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe('node bin/build.mjs --if-stale && node bin/docsync.mjs start');
    // npm ci builds it (prepare), so `npm start` right after finds it current.
    expect(pkg.scripts.prepare).toMatch(/node bin\/build\.mjs$/);
  });
});

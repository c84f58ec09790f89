// The V8 flags of `docsync start` live in one list (src/cli/startFlags.mjs) that every launcher
// reads: this fails when a launcher sets flags of its own, stops reading the list, or the build
// stops copying it beside the compiled entry (dist/src/cli/entry.js imports ./startFlags.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { START_V8_FLAGS } from '../../../src/cli/startFlags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const LIST = 'src/cli/startFlags.mjs';
/** Every launcher of `docsync start` (or of its daemon), and how it reaches the list. */
const LAUNCHERS: Record<string, string> = {
  'bin/docsync.mjs': '../src/cli/startFlags.mjs',
  'src/cli/entry.ts': './startFlags.mjs',
  'test/bench/syncDaemon.mjs': '../../src/cli/startFlags.mjs',
};

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.(m?js|ts|mts)$/.test(e.name) && !e.name.endsWith('.d.mts')) out.push(rel);
  }
  return out;
}

describe('the V8 flags of docsync start', () => {
  it('are one list of flags V8 accepts', () => {
    expect(START_V8_FLAGS.length).toBeGreaterThan(0);
    // A child node given the list on its command line starts (an unknown flag makes it exit with an error).
    const r = spawnSync(process.execPath, [...START_V8_FLAGS, '-e', '0'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('are read from that list by every launcher, which sets none of its own', () => {
    for (const [file, specifier] of Object.entries(LAUNCHERS)) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      expect(text, file).toContain(`import { setStartFlags } from '${specifier}'`);
      expect(path.resolve(path.dirname(path.join(root, file)), specifier), file).toBe(path.join(root, LIST));
      expect(text, file).toMatch(/^\s*if \(.*'start'\) setStartFlags\(\);|^setStartFlags\(\);/m);
    }
    // No other source names one of the flags (the young generation's size, incremental marking off):
    // a copy is a list that drifts.
    const copies = [...sourceFiles('bin'), ...sourceFiles('src'), ...sourceFiles('main'), ...sourceFiles('test/bench')]
      .filter((f) => f !== LIST)
      .filter((f) => {
        const text = fs.readFileSync(path.join(root, f), 'utf8');
        return ['--max-semi-space-size=', '--no-incremental-marking'].some((flag) => text.includes(`'${flag}`));
      });
    expect(copies).toEqual([]);
  });

  it('are copied by the build beside the compiled entry', () => {
    expect(fs.readFileSync(path.join(root, 'bin/build.mjs'), 'utf8')).toContain(`fs.cpSync(path.join(root, '${LIST}'), path.join(root, 'dist/${LIST}'))`);
  });
});

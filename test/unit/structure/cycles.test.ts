// No import cycles in src/ (issue 20): a cycle makes the order of module start-up matter and two
// modules one. Imports are read with the TypeScript compiler (type-only imports count too: they
// tie the modules as tightly for a reader), relative ones resolved to their .ts files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve('src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The files of src/ a file imports (relative imports only; `.js` stands for the `.ts` source). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => path.resolve(path.dirname(file), name))
    .map((p) => [p.replace(/\.js$/, '.ts'), p.replace(/\.js$/, '.tsx'), path.join(p, 'index.ts')].find((c) => fs.existsSync(c)))
    .filter((p): p is string => p !== undefined);
}

/** Every cycle's files, found as the strongly connected components of more than one file (Tarjan). */
export function importCycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(path.relative(SRC, w));
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) cycles.push(component.sort());
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return cycles;
}

describe('imports', () => {
  it('have no cycle in src/', () => {
    expect(importCycles(sources(SRC))).toEqual([]);
  });

  it('are found in a cycle when there is one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import type { a } from './a.js';\nexport const b = 1 as unknown as typeof a;\n");
      expect(importCycles([path.join(dir, 'a.ts'), path.join(dir, 'b.ts')]).map((c) => c.map((f) => path.basename(f)))).toEqual([['a.ts', 'b.ts']]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isDocsyncOutput, sidecarPaths } from '../../../src/sync/export/index.js';

describe('isDocsyncOutput', () => {
  it('recognises every file docsync writes', () => {
    for (const name of [
      'invoice.pdf.values.json', 'invoice.pdf.values.csv', 'docsync-ledger.csv', 'docsync-ledger.xlsx',
      '.docsync-tmp-123-ab12cd34-docsync-ledger.xlsx', '~$docsync-ledger.xlsx', '.~lock.docsync-ledger.csv#',
      'INVOICE.PDF.VALUES.JSON', '/abs/dir/x.png.values.csv', 'C:\\Scans\\docsync-ledger.xlsx',
    ]) expect(isDocsyncOutput(name), name).toBe(true);
  });

  it('leaves source files alone', () => {
    for (const name of ['invoice.pdf', 'values.json', 'ledger.csv', 'docsync-ledger.pdf', 'report.values.pdf', 'my.values.json.pdf']) {
      expect(isDocsyncOutput(name), name).toBe(false);
    }
  });

  it('names sidecars after the full file name, so invoice.pdf and invoice.png do not collide', () => {
    expect(sidecarPaths('/d/invoice.pdf')).toEqual({ json: '/d/invoice.pdf.values.json', csv: '/d/invoice.pdf.values.csv' });
    expect(sidecarPaths('/d/invoice.png').json).not.toBe(sidecarPaths('/d/invoice.pdf').json);
  });
});

describe('the one naming rule for sidecars', () => {
  it('is the one the README, the docs and the CLI state: the file name, extension included', () => {
    const texts = ['README.md', 'src/sync/export/README.md', 'src/cli/start.ts', ...fs.readdirSync('docs').filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)]
      .map((f) => [f, fs.readFileSync(f, 'utf8')] as const);
    let mentions = 0;
    for (const [file, text] of texts) {
      for (const m of text.matchAll(/([\w<>.\-]+)\.values\.(json|csv)\b/g)) {
        mentions += 1;
        // `invoice.pdf.values.json` or `<file name>.values.json`, never `invoice.values.json`.
        expect(/\.[a-z]{2,4}$/i.test(m[1]!) || m[1]!.endsWith('name>') || m[1] === '*', `${file}: ${m[0]}`).toBe(true);
      }
    }
    expect(mentions).toBeGreaterThan(4);
    expect(sidecarPaths('/d/invoice.pdf').json.endsWith('invoice.pdf.values.json')).toBe(true);
  });
});

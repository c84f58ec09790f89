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

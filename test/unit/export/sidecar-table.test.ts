import { describe, expect, it } from 'vitest';
import { buildSidecarTable } from '../../../src/sync/export/index.js';
import type { SidecarInput } from '../../../src/sync/export/index.js';
import { invoiceEntry } from './support.js';

const meta = { uploadId: 'up-1', fileIds: ['f1'], remotePath: '/Inbox/a.pdf', sha256: 'ab'.repeat(32), processedAt: '2026-02-01T10:00:05.000Z' };

function input(documents: SidecarInput['documents']): SidecarInput {
  return { sourcePath: '/tmp/in/a.pdf', meta, documents };
}

describe('CSV sidecar layout', () => {
  it('gives one row per field and one row per line item, items in their own columns', () => {
    const { header, rows } = buildSidecarTable(input([invoiceEntry()]));
    expect(header).toEqual(['Document', 'Field', 'Type', 'Row', 'Value', 'Description', 'Quantity', 'Amount']);
    expect(rows).toEqual([
      ['INV-001.pdf', 'Invoice number', 'string', '', 'INV-001', '', '', ''],
      ['INV-001.pdf', 'Invoice date', 'date', '', '2026-01-31', '', '', ''],
      ['INV-001.pdf', 'Total', 'number', '', '123.45', '', '', ''],
      ['INV-001.pdf', 'Paid', 'boolean', '', 'false', '', '', ''],
      ['INV-001.pdf', 'Line items', 'object', '1', '', 'Widget, "large"', '2', '100'],
      ['INV-001.pdf', 'Line items', 'object', '2', '', 'Gadget\nsecond line', '1', '23.45'],
    ]);
  });

  it('leaves hidden fields out', () => {
    const { rows } = buildSidecarTable(input([invoiceEntry()]));
    expect(rows.some((r) => r[1] === 'Internal score')).toBe(false);
  });

  it('gives a split upload one section per document, same-named parts told apart', () => {
    const a = invoiceEntry({ number: 'A' });
    const b = invoiceEntry({ number: 'B', fileName: 'A.pdf' });
    const { rows } = buildSidecarTable(input([a, b]));
    const docs = [...new Set(rows.map((r) => r[0]))];
    expect(docs).toEqual(['A.pdf', 'A.pdf (2)']);
    // Sections are contiguous: all of document 1, then all of document 2.
    const firstOfSecond = rows.findIndex((r) => r[0] === 'A.pdf (2)');
    expect(rows.slice(firstOfSecond).every((r) => r[0] === 'A.pdf (2)')).toBe(true);
  });

  it('keeps an empty table visible and copes with odd table shapes', () => {
    const entry = invoiceEntry();
    entry.fields = [
      { title: 'Empty table', type: 'object', value: [] },
      { title: 'Null table', type: 'object', value: null },
      { title: 'Tags', type: 'object', value: ['x', 'y'] },
      { title: 'Address', type: 'object', value: { Street: 'Main 1', Value: 'v' } },
    ];
    const { header, rows } = buildSidecarTable(input([entry]));
    expect(header).toEqual(['Document', 'Field', 'Type', 'Row', 'Value', 'Street', 'Value (item)']);
    expect(rows.map((r) => r.slice(1, 4))).toEqual([
      ['Empty table', 'object', ''], ['Null table', 'object', ''],
      ['Tags', 'object', '1'], ['Tags', 'object', '2'], ['Address', 'object', '1'],
    ]);
    expect(rows[2]!.slice(4)).toEqual(['x', '', '']);
    expect(rows[3]!.slice(4)).toEqual(['y', '', '']);
    expect(rows[4]!.slice(4)).toEqual(['', 'Main 1', 'v']);
  });
});

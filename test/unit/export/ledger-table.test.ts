import { describe, expect, it } from 'vitest';
import { fieldCell, headerFor, parseIsoDate } from '../../../src/sync/export/ledger-table.js';

describe('ledger cells', () => {
  it('types numbers, booleans and ISO dates, and leaves other text alone', () => {
    expect(fieldCell({ t: 'Total', y: 'number', v: -12.5 })).toMatchObject({ typed: -12.5, kind: 'number', text: '-12.5' });
    expect(fieldCell({ t: 'Total', y: 'number', v: '42.10' })).toMatchObject({ typed: 42.1, kind: 'number' });
    expect(fieldCell({ t: 'Total', y: 'number', v: '1,234.50' })).toMatchObject({ typed: '1,234.50', kind: 'text' });
    expect(fieldCell({ t: 'Paid', y: 'boolean', v: true })).toMatchObject({ typed: true, kind: 'boolean', text: 'true' });
    const d = fieldCell({ t: 'Date', y: 'date', v: '2026-01-31' });
    expect(d.kind).toBe('date');
    expect((d.typed as Date).toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(fieldCell({ t: 'Date', y: 'date', v: '31/01/2026' })).toMatchObject({ kind: 'text', typed: '31/01/2026' });
    expect(fieldCell({ t: 'Ref', y: 'string', v: '2026-01-31' })).toMatchObject({ kind: 'text' });
    expect(fieldCell({ t: 'Items', y: 'object', v: null, n: 3 }).text).toBe('3 line items');
    expect(fieldCell(undefined)).toMatchObject({ text: '', typed: null });
  });

  it('rejects impossible calendar dates', () => {
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('2026-02-28')).not.toBeNull();
    expect(parseIsoDate('2026-02-01T10:00:05.000Z')?.withTime).toBe(true);
  });

  it('keeps a field named like a fixed column apart from it', () => {
    expect(headerFor(['Status', 'Total'])).toEqual(['File', 'Document', 'Remote path', 'Status', 'Processed at', 'Note', 'Status (field)', 'Total']);
  });
});

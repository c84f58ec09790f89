import { describe, expect, it } from 'vitest';
import { assess, DEFAULT_REVIEW, withCorrections, type Correction } from '../../../src/sync/review/assess.js';
import { crossChecks } from '../../../src/sync/review/checks.js';
import { coerceValue, parseNumber } from '../../../src/sync/review/coerce.js';
import type { FormValuesEntry } from '../../../src/sync/export/types.js';

const doc = (fields: Array<[string, string, unknown, number?]>, documentType: string | null = 'invoice'): FormValuesEntry => ({
  id: 'v1', fileId: 'f1', documentType,
  fields: fields.map(([title, type, value, confidence]) => ({ title, type, value, hidden: false, ...(confidence === undefined ? {} : { confidence }) })),
});

describe('review state', () => {
  it('is auto when every value is sure, needs review below the threshold or with a required field empty', () => {
    const sure = doc([['Invoice Date', 'date', '2026-01-02', 0.95], ['Vendor Name', 'string', 'ACME', 0.93], ['Total', 'number', 10, 0.99]]);
    expect(assess([sure], [], null, DEFAULT_REVIEW).state).toBe('auto');
    const low = doc([['Invoice Date', 'date', '2026-01-02', 0.95], ['Vendor Name', 'string', 'ACME', 0.6], ['Total', 'number', 10, 0.99]]);
    const r = assess([low], [], null, DEFAULT_REVIEW);
    expect(r.state).toBe('needs review');
    expect(r.reasons).toEqual([{ document: 0, field: 'Vendor Name', kind: 'low', detail: 'Vendor Name: confidence 0.6 < 0.9' }]);
    expect(r.documents[0]!.fields.find((f) => f.title === 'Vendor Name')!.flagged).toBe(true);
    const missing = doc([['Invoice Date', 'date', null, 0], ['Vendor Name', 'string', 'ACME', 0.95], ['Total', 'number', 10, 0.99]]);
    expect(assess([missing], [], null, DEFAULT_REVIEW).reasons[0]).toMatchObject({ kind: 'missing', field: 'Invoice Date' });
    // A letter has no invoice fields to miss.
    expect(assess([doc([['Total', 'number', null, 0]], 'letter')], [], null, DEFAULT_REVIEW).state).toBe('auto');
  });

  it('needs review when subtotal + tax is not the total, or the items do not add up', () => {
    const fields = (total: number) => doc([['Subtotal', 'number', 100, 0.99], ['Tax', 'number', 20, 0.99], ['Total', 'number', total, 0.99]]).fields;
    expect(crossChecks(fields(120))).toEqual([]);
    expect(crossChecks(fields(210))[0]!.detail).toBe('Subtotal 100 + Tax 20 is not Total 210');
    const items = [{ Description: 'a', Amount: 60 }, { Description: 'b', Amount: 30 }];
    expect(crossChecks([...fields(120), { title: 'Line Items', type: 'object', value: items }])[0]!.detail).toBe('Line Items add up to 90, not 100');
  });

  it('is checked once confirmed or corrected, and keeps a correction over delivered values', () => {
    const d = doc([['Total', 'number', 10, 0.5]]);
    expect(assess([d], [], Date.UTC(2026, 0, 1), DEFAULT_REVIEW).state).toBe('checked');
    const fix: Correction = { fileId: 'f1', schemaValueId: 'v1', title: 'Total', value: 12, from: 10, at: Date.UTC(2026, 0, 2), sent: false };
    const [fixed] = withCorrections([d], [fix]);
    expect(fixed!.fields[0]).toMatchObject({ value: 12, confidence: 1 });
    const r = assess([fixed!], [fix], null, DEFAULT_REVIEW);
    expect(r.state).toBe('checked');
    expect(r.documents[0]!.fields[0]!.corrected).toEqual({ from: 10, at: '2026-01-02T00:00:00.000Z' });
  });
});

describe('typed values', () => {
  it('reads numbers as people and pages print them', () => {
    expect(parseNumber('1,234.50')).toBe(1234.5);
    expect(parseNumber('1.234,50')).toBe(1234.5);
    expect(parseNumber('$ 99.9')).toBe(99.9);
    expect(parseNumber('-12')).toBe(-12);
    expect(parseNumber('abc')).toBeNull();
    expect(coerceValue('number', '1 055,50')).toBe(1055.5);
    expect(coerceValue('date', '2026-03-14')).toBe('2026-03-14');
    expect(() => coerceValue('date', '14/03/2026')).toThrow(/yyyy-mm-dd/);
    expect(coerceValue('string', '')).toBeNull();
  });
});

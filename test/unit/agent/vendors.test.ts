// Vendor names as fresh-tune's questions gave them (test/eval/agent/unseen.ts): a word of the
// question next to a vendor's word is not part of its name, a shared generic word does not make two
// vendors one, and a name misread on a scan is still its vendor.
import { describe, expect, it } from 'vitest';
import { findVendors, vendorsOf } from '../../../src/service/agent/engine/entities.js';
import { parseQuestion } from '../../../src/service/agent/engine/question.js';
import type { DocRecord } from '../../../src/service/agent/engine/records.js';

const record = (vendor: string, n: number): DocRecord => ({
  doc: { documentId: `d-${n}`, fileId: `f-${n}`, fileName: `${n}.pdf`, createdAt: '2024-01-01' },
  currency: 'MYR',
  fields: [],
  roles: { vendor: { title: 'Vendor Name', type: 'string', value: vendor } },
  items: [{ description: 'DETTOL 500ML', quantity: 3, amount: 26.7 }],
  review: 'auto',
});
const RECORDS = ['TOKO CAHAYA SDN BHD', 'Cahaya Maju Trading Sdn Bhd', 'KAI YANG INTERNATIONAL MAJU ENTERPRISE', 'LIAN HING INTERNATIONAL SDN. BHD.', 'Redwood Office Supply Inc.', 'Redwood Offic eSuppy nc.', 'Bäckerei Sonnenschein GmbH', 'Van Dijk Techniek B.V.'].map(record);
const parse = (q: string) => parseQuestion(q, { records: RECORDS, nowMs: Date.UTC(2025, 11, 20), fiscalYearStart: 4 });

describe('vendors named in fresh-tune questions', () => {
  it('does not take a question word into a name: "to CAHAYA" is the word two vendors share', () => {
    expect(parse('total paid to CAHAYA?').ambiguous?.candidates.sort()).toEqual(['Cahaya Maju Trading Sdn Bhd', 'TOKO CAHAYA SDN BHD']);
  });

  it('does not match a vendor by a generic word it shares with the one named', () => {
    expect(findVendors('How many Dettol did we buy from KAI YANG INTERNATIONAL MAJU ENTERPRISE?', RECORDS).vendors.map((v) => v.name)).toEqual(['KAI YANG INTERNATIONAL MAJU ENTERPRISE']);
  });

  it('keeps a name misread on a scan with its vendor when the first word is the same', () => {
    const redwood = vendorsOf(RECORDS).filter((v) => v.norm.startsWith('redwood'));
    expect(redwood).toHaveLength(1);
    expect(redwood[0]!.records).toHaveLength(2);
    expect(vendorsOf(RECORDS).filter((v) => v.norm.includes('cahaya'))).toHaveLength(2);
  });

  it('reads a line-item question that names a vendor as an item question of that vendor', () => {
    expect(parse('How many Dettol did we buy from KAI YANG INTERNATIONAL MAJU ENTERPRISE?')).toMatchObject({ intent: 'items', item: 'dettol', vendors: ['KAI YANG INTERNATIONAL MAJU ENTERPRISE'] });
    // "Xにいくら払った" with X a vendor is what was paid to the vendor, not an item called X.
    expect(parse('Bäckereiに支払った総額は？')).toMatchObject({ intent: 'sum', vendors: ['Bäckerei Sonnenschein GmbH'] });
    expect(parse('Van Dijk TechniekとRedwood、どっちにいくら払ってる？').intent).not.toBe('items');
    expect(parse('Mean invoice total for FY2024?')).toMatchObject({ intent: 'average', vendors: [], period: { from: '2024-04-01' } });
    expect(parse('Mean invoice total for FY2024?').unknownVendor).toBeUndefined();
    expect(parse('How many Dettol did we buy from Atlas Couriers?')).toMatchObject({ intent: 'items', unknownVendor: 'Atlas Couriers' });
    expect(parse('What did we pay for Dettol?').unknownVendor).toBeUndefined();
    expect(parse('How many Dettol did we buy from January to March 2024?').unknownVendor).toBeUndefined();
    const count = parse('How many invoices did we get from Redwood?');
    expect(count.intent).toBe('count');
    expect(count.item).toBeUndefined();
  });

  it('reads tax asked over invoices as the tax field, and "including VAT" as the total', () => {
    expect(parse('How much VAT have we paid to Redwood in total?')).toMatchObject({ intent: 'sum', field: 'tax' });
    expect(parse('What is the total including VAT from Redwood?')).toMatchObject({ intent: 'sum', field: 'total' });
  });

  it('reads a currency no document has as that currency, not as dollars', () => {
    expect(parse('How much have we been billed in Australian dollars altogether?').currency).toBe('AUD');
    expect(parse('How much did we pay in US dollars?').currency).toBe('USD');
  });

  it('takes the year named apart for a day without one, and keeps a one-sided bound in that year', () => {
    expect(parse('How much was invoiced in 2020 before 15 May?').period).toMatchObject({ from: '2020-01-01', to: '2020-05-14' });
    expect(parse('2020年、5月15日より前の請求額の合計は？').period).toMatchObject({ from: '2020-01-01', to: '2020-05-14' });
    expect(parse('list invoices due 02/2024')).toMatchObject({ dateField: 'due', period: { from: '2024-02-01', to: '2024-02-29' } });
  });
});

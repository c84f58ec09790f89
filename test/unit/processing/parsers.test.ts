import { describe, expect, it } from 'vitest';
import { currencyOf, parseAmount } from '../../../src/service/processing/parse/amounts.js';
import { parseDate } from '../../../src/service/processing/parse/dates.js';

describe('amount parser', () => {
  it.each([
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ['1 234,56', 1234.56],
    ['$ 99.00', 99],
    ['EUR 12,50', 12.5],
    ['¥12,000', 12000],
  ])('%s -> %d', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });

  it('finds the currency from codes and symbols', () => {
    expect(currencyOf('Total: 12.00 USD')).toBe('USD');
    expect(currencyOf('Summe 12,00 €')).toBe('EUR');
  });
});

describe('date parser', () => {
  it.each([
    ['2026-03-14', 'DMY', '2026-03-14'],
    ['14/03/2026', 'DMY', '2026-03-14'],
    ['03/14/2026', 'MDY', '2026-03-14'],
    ['14.03.2026', 'DMY', '2026-03-14'],
    ['March 14, 2026', 'DMY', '2026-03-14'],
    ['14 März 2026', 'DMY', '2026-03-14'],
    // A till's order line: the register number and its hyphen are no day and month.
    ['ORD #07 -REG #19- 10/03/2018 17:24:07', 'DMY', '2018-03-10'],
    ['ORD #64 -REG #2- 25/12/2016 13:51:47', 'DMY', '2016-12-25'],
    // OCR glued the time to a two-digit year.
    ['20/06/1800:05 90554', 'DMY', '2018-06-20'],
    // ... and to a four-digit year.
    ['12.05.202214:38 Bon-Nr39725 Kasse3', 'DMY', '2022-05-12'],
    ['03-03-202408:27 Bonnr. 62015', 'DMY', '2024-03-03'],
    ['Date : 02-01-18 14:05', 'DMY', '2018-01-02'],
  ] as const)('%s (%s) -> %s', (text, order, iso) => {
    expect(parseDate(text, order)).toBe(iso);
  });
});

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
  ] as const)('%s (%s) -> %s', (text, order, iso) => {
    expect(parseDate(text, order)).toBe(iso);
  });
});

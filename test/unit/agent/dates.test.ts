import { describe, expect, it } from 'vitest';
import { parsePeriod, resolveMonth } from '../../../src/service/agent/engine/dates.js';

const NOW = Date.UTC(2025, 11, 20, 12); // 2025-12-20
const range = (q: string, fy = 1) => {
  const p = parsePeriod(q, NOW, fy);
  return p && (p.month !== undefined ? { month: p.month } : [p.from, p.to]);
};

describe('parsePeriod', () => {
  it.each([
    ['in March 2024', ['2024-03-01', '2024-03-31']],
    ['during 2023', ['2023-01-01', '2023-12-31']],
    ['invoices dated 2024-02', ['2024-02-01', '2024-02-29']],
    ['2024年3月の合計', ['2024-03-01', '2024-03-31']],
    ['last month', ['2025-11-01', '2025-11-30']],
    ['this year', ['2025-01-01', '2025-12-31']],
    ['last year', ['2024-01-01', '2024-12-31']],
    ['先月', ['2025-11-01', '2025-11-30']],
    ['昨年', ['2024-01-01', '2024-12-31']],
    ['last quarter', ['2025-07-01', '2025-09-30']],
    ['前四半期', ['2025-07-01', '2025-09-30']],
    ['Q1 2024', ['2024-01-01', '2024-03-31']],
    ['the third quarter of 2023', ['2023-07-01', '2023-09-30']],
    ['2023年第4四半期', ['2023-10-01', '2023-12-31']],
    ['before 15 May 2024', [undefined, '2024-05-14']],
    ['due by May 15, 2024', [undefined, '2024-05-15']],
    ['since 2024-02-01', ['2024-02-01', undefined]],
    ['after 2024-02-01', ['2024-02-02', undefined]],
    ['2024年5月15日より前', [undefined, '2024-05-14']],
    ['2024年5月15日以降', ['2024-05-15', undefined]],
    ['between 1 March 2024 and 30 April 2024', ['2024-03-01', '2024-04-30']],
    ['in March', { month: 3 }],
    ['3月の支払い', { month: 3 }],
  ])('%s', (q, want) => expect(range(q)).toEqual(want));

  it('reads fiscal years and fiscal quarters with the configured first month', () => {
    expect(range('fiscal year 2024', 4)).toEqual(['2024-04-01', '2025-03-31']);
    expect(range('FY2024', 1)).toEqual(['2024-01-01', '2024-12-31']);
    expect(range('2024年度', 4)).toEqual(['2024-04-01', '2025-03-31']);
    expect(range('this fiscal year', 4)).toEqual(['2025-04-01', '2026-03-31']);
    expect(range('last fiscal year', 4)).toEqual(['2024-04-01', '2025-03-31']);
    expect(range('Q1 FY2024', 4)).toEqual(['2024-04-01', '2024-06-30']);
    expect(range('2024年度第4四半期', 4)).toEqual(['2025-01-01', '2025-03-31']);
  });

  it('does not take the verb "may" for the month', () => {
    expect(parsePeriod('What may be overdue?', NOW)).toBeUndefined();
    expect(range('What did we pay in May?')).toEqual({ month: 5 });
  });

  it('resolves a month without a year to the latest year the documents cover', () => {
    expect(resolveMonth(3, ['2023-03-10', '2024-03-05', '2024-07-01'], NOW)).toMatchObject({ from: '2024-03-01', to: '2024-03-31', year: 2024 });
    expect(resolveMonth(2, [], NOW).year).toBe(2025);
  });
});

describe('parsePeriod, as accountants write periods', () => {
  it.each([
    ['Jan-Mar 2017', ['2017-01-01', '2017-03-31']],
    ['2018年4〜6月の合計', ['2018-04-01', '2018-06-30']],
    ['spent in 05/2024', ['2024-05-01', '2024-05-31']],
    ['2022/4の支払い', ['2022-04-01', '2022-04-30']],
    ['due before 16-Jun-2021', [undefined, '2021-06-15']],
    ['2024 spend with Weber', ['2024-01-01', '2024-12-31']],
    ['What did we spend last FY?', ['2024-04-01', '2025-03-31']],
  ])('%s', (q, want) => expect(range(q, 4)).toEqual(want));

  it('does not read a year out of a document number', () => {
    expect(parsePeriod('amount of INV-2025-6948', NOW)).toBeUndefined();
    expect(parsePeriod('total of 185/2024', NOW)).toBeUndefined();
  });
});

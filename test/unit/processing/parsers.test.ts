import { describe, expect, it } from 'vitest';
import { currencyOf, parseAmount } from '../../../src/service/processing/parse/amounts.js';
import { dayOrderOf, documentOrder, parseDate, readingsOf } from '../../../src/service/processing/parse/dates.js';

describe('amount parser', () => {
  it.each([
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ['1 234,56', 1234.56],
    ['$ 99.00', 99],
    ['EUR 12,50', 12.5],
    ['¥12,000', 12000],
    // The Singapore dollar's S is no digit 5 OCR misread.
    ['S$1,144.50', 1144.5],
  ])('%s -> %d', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });

  it('reads a decimal mark OCR read twice, a comma and a point side by side, as one mark', () => {
    expect(parseAmount('-688,.77', 'comma')).toBe(-688.77);
    expect(parseAmount('1.234.,56', 'comma')).toBe(1234.56);
    expect(parseAmount('455.,43', 'dot')).toBe(455.43);
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
    // OCR's damage: a digit too many after the year (before a time, a word or the end), a zero for a month's O.
    ['Rabu, 10-05-20177 Time : 21:51', 'DMY', '2017-05-10'],
    ['Date : 23/06/183 12:46:33 PM', 'DMY', '2018-06-23'],
    ['11-04-183 17:42 SH01 ZJ86', 'DMY', '2018-04-11'],
    ['DATE : 10 0CT 2017 TUE', 'DMY', '2017-10-10'],
    ['1 N0V 2019', 'DMY', '2019-11-01'],
    // ... and a zero for another letter: the one month a letter away.
    ['Date | 19 ao0t 2022', 'DMY', '2022-08-19'],
    // Malay months.
    ['Tarikh 17 Mac 2025', 'DMY', '2025-03-17'],
    ['3 Ogos 2019', 'DMY', '2019-08-03'],
    ['12 Disember 2020', 'DMY', '2020-12-12'],
    ['January 7,2017', 'DMY', '2017-01-07'],
    // Not a date: a longer run of digits, a zero word that is no month.
    ['Tel 03-12-12345 67', 'DMY', null],
    ['Lot 12 0X0 2017', 'DMY', null],
  ] as const)('%s (%s) -> %s', (text, order, iso) => {
    expect(parseDate(text, order)).toBe(iso);
  });
});

describe('short dates printed year first', () => {
  it.each([
    // Sweden's "yy-mm-dd" on a till receipt.
    ['21-02-05 09:23', 'YMD', '2021-02-05'],
    ['23/11/16', 'YMD', '2023-11-16'],
    // A dotted short date is never year first; nor is one whose year-first reading is no date.
    ['05.02.21', 'YMD', '2021-02-05'],
    ['21-02-45', 'YMD', '2045-02-21'],
    // Four-digit years say where the year is.
    ['05-02-2021', 'YMD', '2021-02-05'],
  ] as const)('%s (%s) -> %s', (text, order, iso) => {
    expect(parseDate(text, order)).toBe(iso);
  });

  it('takes the order from the country where the dates do not decide it', () => {
    expect(documentOrder('KVITTO\n21-02-05 09:23\nATT BETALA 546,30')).toEqual({ order: 'YMD', from: 'country' });
    expect(documentOrder('Summa 120,00 SEK\n21-02-05')).toEqual({ order: 'YMD', from: 'country' });
    // A dollar alone places the page nowhere (the US write the month first, Ecuador the day): a guess.
    expect(documentOrder('Invoice 03/04/2024 Total $120.00')).toEqual({ order: 'MDY', from: 'default' });
    expect(documentOrder('Acme Inc.\nAustin, TX 78701\nInvoice 03/04/2024 Total $120.00')).toEqual({ order: 'MDY', from: 'country' });
    // Ecuador, El Salvador and Panama pay in dollars and write the day first: a page in Spanish says so.
    expect(documentOrder('FACTURA\nFecha de emision: 07/04/2021\nVALOR TOTAL USD 4,523.78')).toEqual({ order: 'DMY', from: 'country' });
    expect(documentOrder('Invoice 07/04/2021 Total USD 4,523.78 Factura Inc.')).toEqual({ order: 'MDY', from: 'default' });
    expect(documentOrder('Rechnung 03.04.2024 Summe 120,00 EUR')).toEqual({ order: 'DMY', from: 'country' });
    expect(documentOrder('Bill 03.04.2024 Total 120.00')).toEqual({ order: 'DMY', from: 'default' });
    expect(documentOrder('Invoice 25/12/2024 due 03/01/2025 $')).toEqual({ order: 'DMY', from: 'dates' });
  });

  it('does not count a short date that may be year first as evidence of day first', () => {
    expect(dayOrderOf('21-02-05')).toBeUndefined();
    expect(dayOrderOf('21.02.05')).toBe('DMY');
    expect(dayOrderOf('21-02-2005')).toBe('DMY');
  });

  it('lists every date a numeric date can mean', () => {
    expect([...readingsOf('25/12/2018')]).toEqual(['2018-12-25']);
    expect([...readingsOf('05/03/2018')].sort()).toEqual(['2018-03-05', '2018-05-03']);
    expect([...readingsOf('21-02-05')].sort()).toEqual(['2005-02-21', '2021-02-05']);
    expect([...readingsOf('10 MAR 2018')]).toEqual(['2018-03-10']);
    expect([...readingsOf('2018-03-10')]).toEqual(['2018-03-10']);
  });
});

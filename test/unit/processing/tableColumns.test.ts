import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { Line, PageLayout } from '../../../src/service/processing/layout/model.js';
import { columnOf } from '../../../src/service/processing/extract/table.js';
import { INVOICE_SCHEMA } from './helpers.js';

// Tables whose header names columns no item field takes (a row's date, a weight, a credits column),
// tables beside a side column of totals, and till bills printing quantity first and "@ price":
// each page here is made by hand (linesFromText: 6 units a character, cells two spaces apart).

const page = (text: string): PageLayout[] => [{ number: 1, width: 900, height: 900, source: 'text', quality: 1, lines: linesFromText(text, 1) }];
const items = (lines: string[]) => extractFields(page(lines.join('\n')), INVOICE_SCHEMA).find((f) => f.title === 'Line Items')!.value;
/** Rows as description, quantity, unit price, amount. */
const rows = (...rs: [string, number, number, number][]) => rs.map(([d, q, p, a]) => ({ Description: d, Quantity: q, 'Unit Price': p, Amount: a }));

describe('headers of columns no item field takes', () => {
  it('names a date, a weight, a unit of measure and a credits column, and a charges column as the amount', () => {
    expect(['Date', 'Datum', 'Weight kg', 'Poids kg', 'Unit', 'Einh.', 'Credits', 'Gutschrift', 'Crédit'].map(columnOf)).toEqual(Array(9).fill('other'));
    expect(['Charges', 'Belastung', 'Débit'].map(columnOf)).toEqual(['amount', 'amount', 'amount']);
    expect(['Libellé', 'Prestation'].map(columnOf)).toEqual(['description', 'description']);
    // "Units" still counts them.
    expect(columnOf('Units')).toBe('quantity');
  });

  it("reads a guest folio's charges, each line one at its amount, the credits column and the total row left out", () => {
    const lines = [
      'Lakeside Hotel Ltd', 'Folio 55012',
      'Date        Description        Ref.      Charges      Credits',
      '03.02.2024  Room                R-1        140.00',
      '03.02.2024  Breakfast           R-1         18.50',
      '04.02.2024  Minibar             M-7          6.20',
      '04.02.2024  Card payment        V-2                     164.70',
      '            Total                          164.70       164.70',
      'Balance                                                   0.00',
    ];
    expect(items(lines)).toEqual(rows(
      ['Room', 1, 140, 140],
      ['Breakfast', 1, 18.5, 18.5],
      ['Minibar', 1, 6.2, 6.2],
    ));
  });

  it('reads a wide table whose header names only four of its ten columns as item fields', () => {
    const lines = [
      'Nordfrakt Logistik GmbH', 'Rechnung 2024-118',
      'Datum       Sendung    Von       Nach      Leistung              Gewicht kg   Menge   Einh.   Preis      Betrag',
      '02.05.2024  SN12345    Bremen    Kassel    Teilladung            4 210        3       PAL     88,10      264,30',
      '03.05.2024  SN12346    Kassel    Erfurt    Transport Container   12 400       1       CTR     910,00     910,00',
      'Zwischensumme                                                                                          1.174,30',
    ];
    // "Transport" opening a name is no sum carried from the page before.
    expect(items(lines)).toEqual(rows(
      ['Teilladung', 3, 88.1, 264.3],
      ['Transport Container', 1, 910, 910],
    ));
  });
});

describe('a side column beside the table', () => {
  it('is not part of the rows when the table opens with a column no item field takes', () => {
    const lines = [
      'INVOICE                       Fjord Advisory AS',
      '                              Date        Description             Hours   Rate      Amount',
      'SUBTOTAL',
      '1,560.00                      01/09/2024  Workshop preparation    4.0     240.00    960.00',
      'TAX (0%)',
      '0.00                          02/09/2024  Interviews with staff   2.5     240.00    600.00',
      'TOTAL',
      '$1,560.00',
    ];
    expect(items(lines)).toEqual(rows(
      ['Workshop preparation', 4, 240, 960],
      ['Interviews with staff', 2.5, 240, 600],
    ));
  });
});

describe('a bill printing quantity first and the price after "@"', () => {
  it('reads its items, and not the card slip after its total', () => {
    const lines = [
      'Trattoria Il Faro', 'Conto n. 1182',
      '2  Bruschetta            @ 4,50     9,00',
      '1  Risotto ai funghi     @ 13,00   13,00',
      '3  Acqua 50 cl           @ 1,50     4,50',
      'Subtotal                           26,50',
      'TOTALE                           € 26,50',
      'Importo                            26,50',
      'Mancia                              2,00',
      'Totale addebitato                € 28,50',
    ];
    expect(items(lines)).toEqual(rows(
      ['Bruschetta', 2, 4.5, 9],
      ['Risotto ai funghi', 1, 13, 13],
      ['Acqua 50 cl', 3, 1.5, 4.5],
    ));
  });
});

/** A line of cells at x (6 units a character), 30 high, as OCR leaves a scan at 200 dpi. */
const at = (y: number, cells: [number, string][]): Line => {
  const cs = cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * 6 }));
  return { text: cells.map((c) => c[1]).join(' '), cells: cs, x0: cs[0]!.x0, x1: cs[cs.length - 1]!.x1, y0: y, y1: y + 30, page: 1 };
};
const ocr = (lines: Line[]) => extractFields([{ number: 1, width: 1600, height: 2200, source: 'ocr', quality: 0.9, lines }], INVOICE_SCHEMA)
  .find((f) => f.title === 'Line Items')!.value;

describe("a skewed scan's folio, where each line's date and name come out apart from its amount", () => {
  const head = [at(100, [[120, 'Harbour View Hotel']]), at(700, [[120, 'Date'], [290, 'Description'], [930, 'Ref.'], [1210, 'Charges'], [1470, 'Credits']])];
  const foot = [at(1030, [[290, 'Total'], [1220, '75.50'], [1500, '0.00']]), at(1070, [[290, 'Balance Due'], [1460, '75.50']])];

  it('gives the amount printed lower than its name (overlapping it) to that name, beside the date', () => {
    expect(ocr([...head, at(760, [[120, '07/12/2018'], [290, 'Room']]), at(780, [[1220, '62.00']]),
      at(820, [[120, '08/12/2018'], [290, 'Breakfast']]), at(840, [[1226, '13.50']]), ...foot])).toEqual(rows(['Room', 1, 62, 62], ['Breakfast', 1, 13.5, 13.5]));
  });

  it('gives the amount printed higher than its name (overlapping it) to that name', () => {
    expect(ocr([...head, at(760, [[120, '07/12/2018'], [290, 'Room'], [1220, '62.00']]),
      at(812, [[1226, '13.50']]), at(822, [[120, '08/12/2018'], [290, 'Breakfast']]), ...foot])).toEqual(rows(['Room', 1, 62, 62], ['Breakfast', 1, 13.5, 13.5]));
  });
});

describe('a scan whose OCR joined a side column to the table', () => {
  it("takes no totals label on the header's line for a column, and reads the rows beside the side column, whose figures stay the totals", () => {
    const fields = extractFields([{ number: 1, width: 1600, height: 2200, source: 'ocr', quality: 0.9, lines: [
      at(100, [[80, 'INVOICE'], [620, 'Kestrel Partners Pte Ltd']]),
      at(550, [[80, 'SUBTOTAL'], [610, 'Date'], [780, 'Description'], [1250, 'Hours'], [1400, 'Rate'], [1510, 'Amount']]),
      at(600, [[80, '1,050.00'], [610, '18 Jan 2025'], [780, 'Project management'], [1290, '2'], [1380, '175.00'], [1520, '350.00']]),
      at(645, [[80, 'GST 9%']]),
      at(660, [[80, '94.50'], [610, '23 Jan 2025'], [780, 'Steering committee'], [1280, '4'], [1380, '175.00'], [1520, '700.00']]),
      at(730, [[80, 'TOTAL']]),
      at(760, [[80, 'S$1,144.50']]),
    ] }], INVOICE_SCHEMA);
    const value = (title: string) => fields.find((f) => f.title === title)!.value;
    expect(value('Line Items')).toEqual(rows(['Project management', 2, 175, 350], ['Steering committee', 4, 175, 700]));
    // The side column's "1,050.00" under SUBTOTAL and "94.50" under GST came out on the rows' lines.
    expect([value('Total'), value('Tax')]).toEqual([1144.5, 94.5]);
  });
});

describe("a bill whose scan put an item's price and amount a little above its name", () => {
  it('joins them into one row, the figures coming first', () => {
    expect(ocr([
      at(100, [[360, 'The Corner Kitchen']]),
      at(340, [[770, '@8.00'], [1030, '8.00']]), at(352, [[110, '1'], [165, 'Sticky toffee pudding']]),
      at(400, [[110, '3'], [165, 'House red 175ml'], [770, '@8.50'], [1015, '25.50']]),
      at(470, [[1020, '33.50']]), at(488, [[118, 'Subtotal']]),
      at(540, [[1020, '33.50']]), at(556, [[118, 'TOTAL']]),
    ])).toEqual(rows(['Sticky toffee pudding', 1, 8, 8], ['House red 175ml', 3, 8.5, 25.5]));
  });
});

describe("a bill whose scan put each item's figures a little under its name, less than half a line", () => {
  it('pairs the figures with the name they overlap more than they overlap the next name', () => {
    // Rows 38 apart, lines 30 high, figures 17 lower: each figures line overlaps its name by 13 (less than half), the next name by 9.
    const rowAt = (y: number, q: string, name: string, price: string, amount: string) =>
      [at(y, [[130, q], [185, name]]), at(y + 17, [[790, price], [1040, amount]])];
    expect(ocr([
      at(100, [[500, 'Smokehouse 54']]),
      ...rowAt(320, '1', 'Iced tea', '@4.25', '4.25'), ...rowAt(358, '2', 'Cobb salad', '@16.50', '33.00'), ...rowAt(396, '1', 'Clam chowder', '@9.50', '9.50'),
      at(460, [[130, 'Subtotal']]), at(480, [[1023, '46.75']]),
      at(520, [[130, 'Total']]), at(540, [[980, '$46.75']]),
    ])).toEqual(rows(['Iced tea', 1, 4.25, 4.25], ['Cobb salad', 2, 16.5, 33], ['Clam chowder', 1, 9.5, 9.5]));
  });
});

describe('a bill whose items add up to a sum printed under a label of its own line', () => {
  it("reads an item priced '@' without a quantity, and the sum under a label the reader does not know", () => {
    expect(items([
      'Osteria del Molo', 'Documento n. 5512',
      '2  Penne all arrabbiata   @ 9,00   18,00',
      'Tiramisù                  @6,50     6,50',
      '3  Caffè                  @ 1,50    4,50',
      'Totalino',
      '29,00',
      'TOTALE                          € 29,00',
      'Importo                           29,00',
      'Mancia                             2,00',
      'Totale addebitato               € 31,00',
    ])).toEqual(rows(['Penne all arrabbiata', 2, 9, 18], ['Tiramisù', 1, 6.5, 6.5], ['Caffè', 3, 1.5, 4.5]));
  });
});

import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { Line, PageLayout } from '../../../src/service/processing/layout/model.js';
import { columnOf } from '../../../src/service/processing/extract/table.js';
import { INVOICE_SCHEMA } from './helpers.js';

// Line items of layouts the table reader has no header row for, and of rows OCR
// damaged: each rule here is checked on generated text, never on real receipts.

function page(lines: Line[], source: 'text' | 'ocr' = 'text'): PageLayout[] {
  return [{ number: 1, width: 600, height: 900, source, quality: 1, lines }];
}

const items = (pages: PageLayout[]) => extractFields(pages, INVOICE_SCHEMA).find((f) => f.title === 'Line Items')!.value;

/** A line of cells at x (6 units a character), 12 high, as OCR leaves it. */
function line(y: number, cells: [number, string][]): Line {
  const cs = cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * 6 }));
  return { text: cells.map((c) => c[1]).join(' '), cells: cs, x0: cs[0]!.x0, x1: cs[cs.length - 1]!.x1, y0: y, y1: y + 12, page: 1 };
}

describe('item lists without a header row', () => {
  it("reads a bill's charges that add up to the subtotal printed under them, whatever its label", () => {
    const text = ['Your bill', 'Pay before   26/11/2023', 'Bill number   156456023', 'Your charges this month',
      'Broadband fibre 500                      15.12', 'Router rental        2 x 25.55           51.10',
      'Charges excl. VAT                        66.22', 'VAT at 20%                               13.24', 'Total charges                            79.46',
      'We will collect this amount by Direct Debit.', 'Greenway Facilities Limited'].join('\n');
    expect(items(page(linesFromText(text, 1)))).toEqual([
      { Description: 'Broadband fibre 500', Quantity: 1, 'Unit Price': 15.12, Amount: 15.12 },
      { Description: 'Router rental', Quantity: 2, 'Unit Price': 25.55, Amount: 51.1 },
    ]);
  });

  it('takes no list whose amounts do not add up to a sum of the totals block', () => {
    const text = ['Your bill', 'Broadband fibre 500                      15.12', 'Router rental                            51.09',
      'Total charges                            99.99', 'Cash                                    100.00', 'Change                                    0.01'].join('\n');
    expect(items(page(linesFromText(text, 1)))).toBeNull();
  });

  it("reads a till receipt whose quantities OCR joined to the names and tax letters to the amounts", () => {
    const text = ['Weber Burobedarf GmbH', 'St.-Nr. 349/923/59188', 'EUR',
      '4 Gebaudereinigung         12,46     49,84 B', '5 Kaffeebohnen 1 kg         4,75     23,75 A', '1 Schulung                          38,97 B',
      'I Beratungsleistung                  2,48 B', 'SUMME                          EUR 115,04', 'Bar                                120,00', 'Ruckgeld                             4,96'].join('\n');
    expect(items(page(linesFromText(text, 1), 'ocr'))).toEqual([
      { Description: 'Gebaudereinigung', Quantity: 4, 'Unit Price': 12.46, Amount: 49.84 },
      { Description: 'Kaffeebohnen 1 kg', Quantity: 5, 'Unit Price': 4.75, Amount: 23.75 },
      { Description: 'Schulung', Quantity: 1, 'Unit Price': 38.97, Amount: 38.97 },
      { Description: 'Beratungsleistung', Quantity: 1, 'Unit Price': 2.48, Amount: 2.48 },
    ]);
  });

  it('joins a row OCR split in two lines that overlap by more than half their height', () => {
    const text = ['Bakker Kantoorartikelen B.V.', 'BTW NL311178340B01', '5 Training        22,36     111,80 A', '1 Verzendkosten',
      '3 Schoonmaakdienst    7,28     21,84 B', 'TOTAAL      144,80'].join('\n');
    const lines = linesFromText(text, 1);
    // The amount of "1 Verzendkosten" came out as a line of its own, a little lower, and the name's
    // line came out shorter (so it also looks like the second line of the name above it).
    const name = (lines[3] = { ...lines[3]!, y1: lines[3]!.y0 + 8 });
    const amount: Line = { text: '11,16 B', cells: [{ text: '11,16 B', x0: 300, x1: 342 }], x0: 300, x1: 342, y0: name.y0 + 4, y1: name.y0 + 14, page: 1 };
    lines.splice(4, 0, amount);
    expect(items(page(lines, 'ocr'))).toEqual([
      { Description: 'Training', Quantity: 5, 'Unit Price': 22.36, Amount: 111.8 },
      { Description: 'Verzendkosten', Quantity: 1, 'Unit Price': 11.16, Amount: 11.16 },
      { Description: 'Schoonmaakdienst', Quantity: 3, 'Unit Price': 7.28, Amount: 21.84 },
    ]);
  });
});

describe('header rows', () => {
  // Figures right-aligned under the end of their header cell, as printed.
  const row = (desc: string, ...right: [string, number][]) => right.reduce((s, [t, end]) => s.padEnd(end - t.length) + t, desc);
  const table = (header: string) => {
    const ends = [...header.matchAll(/\S+(?: \S+)*/g)].slice(1).map((m) => m.index! + m[0].length);
    return items(page(linesFromText(['Cahaya Maju Trading Sdn Bhd', 'INVOIS', header,
      row('Latihan', ['8', ends[0]!], ['720.40', ends[1]!], ['5,763.20', ends[2]!]),
      row('Perkhidmatan perundingan', ['4', ends[0]!], ['501.68', ends[1]!], ['2,006.72', ends[2]!]),
      row('Jumlah Kecil', ['7,769.92', ends[2]!])].join('\n'), 1)));
  };
  const expected = [
    { Description: 'Latihan', Quantity: 8, 'Unit Price': 720.4, Amount: 5763.2 },
    { Description: 'Perkhidmatan perundingan', Quantity: 4, 'Unit Price': 501.68, Amount: 2006.72 },
  ];
  it('name each column once: a price header ending in a word that names another column is one price column', () => {
    expect(table('Description                    Qty   Price per unit   Amount')).toEqual(expected);
    expect(table('Perkara                        Kuan.   Harga Seunit   Jumlah')).toEqual(expected);
  });
  it('read a column name only as a whole word ("Seunit" is no "unit")', () => {
    expect((table('Perkara                        Bil   Harga Seunit   Jumlah') as Record<string, unknown>[]).map((r) => r['Unit Price'])).toEqual([720.4, 501.68]);
  });
});

describe('rows of a skewed scan', () => {
  it("gives a row of figures the name OCR put on the line just under it, and a name's second line to the same row", () => {
    // The right side of the page sits 6 units higher than the left: each row's figures come first.
    const lines = [line(20, [[40, 'Transports Moreau SAS']]), line(60, [[40, 'Facture N'], [200, 'INV-2020/92404']]),
      line(100, [[40, 'Designation'], [300, 'Qty'], [380, 'Price'], [470, 'Amount']]),
      line(120, [[306, '7'], [374, '503,85'], [458, '3 526,95']]), line(126, [[40, 'Prestation de conseil']]),
      line(142, [[306, '4'], [374, '521,74'], [458, '2 086,96']]), line(148, [[40, 'Chaise de bureau']]), line(160, [[40, 'y compris deplacement']]),
      line(166, [[306, '8'], [374, '678,16'], [458, '5 425,28']]), line(172, [[40, 'Cartouche de toner']]),
      line(200, [[380, 'Sous-total HT'], [458, '11 039,19']])];
    expect(items(page(lines, 'ocr'))).toEqual([
      { Description: 'Prestation de conseil', Quantity: 7, 'Unit Price': 503.85, Amount: 3526.95 },
      { Description: 'Chaise de bureau y compris deplacement', Quantity: 4, 'Unit Price': 521.74, Amount: 2086.96 },
      { Description: 'Cartouche de toner', Quantity: 8, 'Unit Price': 678.16, Amount: 5425.28 },
    ]);
  });
});

describe('the subtotal of a list', () => {
  it("is read beside any label that says it excludes the tax ('Charges excl. VAT', 'Totaal excl. btw')", () => {
    for (const [label, vat, gross] of [['Charges excl. VAT', 'VAT at 20%', 'Total charges'], ['Totaal excl. btw', 'btw 21%', 'Totaal incl. btw']]) {
      const text = ['Your bill', 'Broadband fibre 500                      15.12', 'Router rental                            51.09',
        `${label}                        66.21`, `${vat}                              13.24`, `${gross}                            79.45`].join('\n');
      const fields = extractFields(page(linesFromText(text, 1)), { ...INVOICE_SCHEMA, fields: [...INVOICE_SCHEMA.fields, { id: 'f9', title: 'Subtotal', type: 'NUMBER' }] });
      expect(fields.find((f) => f.title === 'Subtotal')!.value).toBe(66.21);
    }
  });
});

describe('charges of a list without a header row', () => {
  it('reads a quantity with its unit and a price in pence beside the name ("31 days @ 45.2p")', () => {
    const text = ['Your energy bill', 'Electricity 01/03/2024 - 31/03/2024', 'Standing charge 31 days @ 45.2p           14.01',
      'Unit rate 412 kWh @ 24.50p                100.94', 'Total excl. VAT                           114.95', 'VAT at 5%                                   5.75',
      'Total to pay                              120.70'].join('\n');
    expect(items(page(linesFromText(text, 1)))).toEqual([
      { Description: 'Standing charge', Quantity: 31, 'Unit Price': 0.452, Amount: 14.01 },
      { Description: 'Unit rate', Quantity: 412, 'Unit Price': 0.245, Amount: 100.94 },
    ]);
  });

  it('reads the price first when it is the figure with cents ("12.50 x 2")', () => {
    const text = ['Corner Shop', 'Coffee beans        12.50 x 2        25.00', 'Printer paper        4.00 x 3        12.00', 'Subtotal                             37.00'].join('\n');
    expect(items(page(linesFromText(text, 1)))).toEqual([
      { Description: 'Coffee beans', Quantity: 2, 'Unit Price': 12.5, Amount: 25 },
      { Description: 'Printer paper', Quantity: 3, 'Unit Price': 4, Amount: 12 },
    ]);
  });

  it("adds a name's second line, printed smaller right under it, to the name", () => {
    const row = (y: number, h: number, cells: [number, string][]): Line => {
      const cs = cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * h * 0.5 }));
      return { text: cells.map((c) => c[1]).join(' '), cells: cs, x0: cs[0]!.x0, x1: cs[cs.length - 1]!.x1, y0: y, y1: y + h, page: 1 };
    };
    const lines = [row(20, 14, [[40, 'Greenway Facilities Limited']]), row(60, 10, [[40, 'Broadband fibre 500'], [500, '15.12']]),
      row(72, 8, [[40, 'including router, 01/11 - 30/11']]), row(90, 10, [[40, 'Line rental'], [500, '51.09']]),
      row(110, 10, [[300, 'Total charges'], [500, '66.21']])];
    expect(items(page(lines))).toEqual([
      { Description: 'Broadband fibre 500 including router, 01/11 - 30/11', Quantity: 1, 'Unit Price': 15.12, Amount: 15.12 },
      { Description: 'Line rental', Quantity: 1, 'Unit Price': 51.09, Amount: 51.09 },
    ]);
  });
});

describe('a quantity and a price between the name and the amount, without a header', () => {
  it.each([
    ['price before quantity', 'Widget large        12.50     2     25.00', 'Gadget               4.00     3     12.00'],
    ['quantity before price', 'Widget large        2     12.50     25.00', 'Gadget              3      4.00     12.00'],
  ])('%s', (_, first, second) => {
    const text = ['Corner Shop', first, second, 'Subtotal                           37.00'].join('\n');
    expect(items(page(linesFromText(text, 1)))).toEqual([
      { Description: 'Widget large', Quantity: 2, 'Unit Price': 12.5, Amount: 25 },
      { Description: 'Gadget', Quantity: 3, 'Unit Price': 4, Amount: 12 },
    ]);
  });
});

describe('a table a skewed scan sheared by one row', () => {
  it("reads each row's name from the line under its figures when the header's names of figures stand a line above its description's", () => {
    // The right-hand half of the page sits one row higher than the left-hand half.
    const lines = [line(20, [[40, 'Tipografia Bianchi S.n.c.']]), line(40, [[40, 'FATTURA'], [200, 'FA/2020/8513']]),
      line(100, [[400, 'Quantita'], [480, 'Prezzo'], [560, 'Importo']]),
      line(118, [[40, 'Ref.'], [100, 'Descrizione'], [420, '1'], [480, '816,70'], [560, '816,70']]),
      line(136, [[40, 'K52316'], [100, 'Carta A4 risma'], [420, '2'], [480, '338,97'], [560, '677,94']]),
      line(154, [[40, 'A16175'], [100, 'Manutenzione sito web']]),
      line(190, [[480, 'Imponibile'], [560, '1.494,64']])];
    expect(items(page(lines, 'ocr'))).toEqual([
      { Description: 'Carta A4 risma', Quantity: 1, 'Unit Price': 816.7, Amount: 816.7 },
      { Description: 'Manutenzione sito web', Quantity: 2, 'Unit Price': 338.97, Amount: 677.94 },
    ]);
  });

  it("joins a name's second line, alone beside the next row's figures, to the name above it", () => {
    const lines = [line(20, [[40, 'Harbour & Finch LLP']]), line(40, [[40, 'INVOICE'], [200, '2020-76977']]),
      line(100, [[400, 'Quantity'], [480, 'Rate'], [560, 'Line total']]),
      line(118, [[40, 'Ref.'], [100, 'Item'], [420, '8'], [480, '324.08'], [560, '2,592.64']]),
      line(136, [[40, 'K20782'], [100, 'Office chair'], [420, '5'], [480, '552.74'], [560, '2,763.70']]),
      line(154, [[40, 'K80782'], [100, 'Consulting services']]),
      line(172, [[100, 'as per quote Q-118'], [420, '1'], [480, '451.21'], [560, '451.21']]),
      line(190, [[40, 'X65732'], [100, 'Network cable 5m']]),
      line(230, [[480, 'Subtotal'], [560, '5,807.55']])];
    expect(items(page(lines, 'ocr'))).toEqual([
      { Description: 'Office chair', Quantity: 8, 'Unit Price': 324.08, Amount: 2592.64 },
      { Description: 'Consulting services as per quote Q-118', Quantity: 5, 'Unit Price': 552.74, Amount: 2763.7 },
      { Description: 'Network cable 5m', Quantity: 1, 'Unit Price': 451.21, Amount: 451.21 },
    ]);
  });

  it('reads a last row printed whole beside its figures as a row of its own, not as a second line', () => {
    const lines = [line(20, [[40, 'Pioneer Tech Services']]), line(40, [[40, 'INVOICE'], [200, 'A-2179-67']]),
      line(100, [[300, 'Price'], [380, 'Units'], [460, 'Line Total']]), line(106, [[40, 'Item']]),
      line(118, [[300, '547.88'], [386, '23'], [460, '12,601.24']]), line(124, [[40, 'Spare parts kit']]),
      line(136, [[300, '113.98'], [386, '1'], [460, '113.98']]), line(142, [[40, 'Cleaning service']]),
      line(154, [[40, 'Software licence (annual)'], [300, '295.25'], [386, '6'], [460, '1,771.50']]),
      line(180, [[380, 'Sub-total'], [460, '14,486.72']])];
    expect(items(page(lines, 'ocr'))).toEqual([
      { Description: 'Spare parts kit', Quantity: 23, 'Unit Price': 547.88, Amount: 12601.24 },
      { Description: 'Cleaning service', Quantity: 1, 'Unit Price': 113.98, Amount: 113.98 },
      { Description: 'Software licence (annual)', Quantity: 6, 'Unit Price': 295.25, Amount: 1771.5 },
    ]);
  });

  it("does so when the description's name stands alone over the first row's figures, also alone", () => {
    const lines = [line(20, [[40, 'Pioneer Tech Services']]), line(40, [[40, 'Invoice'], [200, '989/2025']]),
      line(100, [[400, 'Units'], [480, 'Rate'], [560, 'Amount']]), line(112, [[40, 'Item Description']]),
      line(124, [[420, '1'], [480, '498.28'], [560, '498.28']]),
      line(138, [[40, 'Software licence (annual)'], [420, '1'], [480, '492.57'], [560, '492.57']]),
      line(152, [[40, 'Training workshop']]),
      line(190, [[480, 'Net Amount'], [560, '990.85']])];
    expect(items(page(lines, 'ocr'))).toEqual([
      { Description: 'Software licence (annual)', Quantity: 1, 'Unit Price': 498.28, Amount: 498.28 },
      { Description: 'Training workshop', Quantity: 1, 'Unit Price': 492.57, Amount: 492.57 },
    ]);
  });
});

describe('a receipt without a header, "price x quantity" under the name', () => {
  it('reads the figure with cents as the price', () => {
    const text = ['KEDAI MAKAN SRI', 'MEE GORENG', '4.50 x 2                 9.00', 'KOPI O ICE', '1.80 x 3                 5.40', 'TOTAL                   14.40'].join('\n');
    expect(items(page(linesFromText(text, 1)))).toEqual([
      { Description: 'MEE GORENG', Quantity: 2, 'Unit Price': 4.5, Amount: 9 },
      { Description: 'KOPI O ICE', Quantity: 3, 'Unit Price': 1.8, Amount: 5.4 },
    ]);
  });
});

describe('a till receipt with weighed goods', () => {
  it('reads a name alone over "quantity unit x price per unit  amount" as one item', () => {
    const text = ['K-Market Kallio', 'KUITTI', 'Kahvi Juhla Mokka 500g            6,85', 'Omena Royal Gala',
      '2,396 kg x 3,87 €/kg              9,27', 'Kananmunat 10 kpl', '2 kpl x 6,33                     12,66', 'YHTEENSÄ EUR                     28,78'].join('\n');
    expect(items(page(linesFromText(text, 1)))).toEqual([
      { Description: 'Kahvi Juhla Mokka 500g', Quantity: 1, 'Unit Price': 6.85, Amount: 6.85 },
      { Description: 'Omena Royal Gala', Quantity: 2.396, 'Unit Price': 3.87, Amount: 9.27 },
      { Description: 'Kananmunat 10 kpl', Quantity: 2, 'Unit Price': 6.33, Amount: 12.66 },
    ]);
  });
});

describe('columns a table reader leaves out of the description', () => {
  const table = (head: [number, string][], rows: [number, string][][], after: [number, string][][]) => {
    let y = 40;
    return page([line(20, [[40, 'Redwood Supply Co.']]), line((y += 40), head), ...rows.map((r) => line((y += 18), r)), ...after.map((r) => line((y += 18), r))]);
  };

  it("an article's code column ('Item #', 'Varenr.') is not part of its description", () => {
    const got = items(table([[40, 'Item #'], [110, 'Description'], [330, 'Qty'], [400, 'Unit Price'], [500, 'Amount']],
      [[[40, 'SKU45367'], [110, 'Toner Cartridge 26X Black'], [330, '2'], [400, '267.23'], [500, '534.46']]],
      [[[330, 'Subtotal'], [500, '534.46']], [[330, 'TOTAL'], [500, '534.46']]]));
    expect(got).toEqual([{ Description: 'Toner Cartridge 26X Black', Quantity: 2, 'Unit Price': 267.23, Amount: 534.46 }]);
  });

  it('a tax summary table under the items ends them', () => {
    const got = items(table([[40, 'Descrição'], [250, 'Preço Unit.'], [330, 'Qtd.'], [400, 'IVA'], [500, 'Valor']],
      [[[40, 'Papel fotocópia A4'], [250, '10,00'], [330, '3'], [400, '23%'], [500, '30,00']]],
      [[[40, 'RESUMO DE IVA'], [150, 'Taxa'], [250, 'Incidência'], [330, 'Valor IVA']], [[40, '23%'], [150, '30,00'], [250, '6,90'], [330, '36,90']],
        [[330, 'Total s/ IVA'], [500, '30,00']], [[330, 'Total IVA'], [500, '6,90']], [[330, 'Total a Pagar'], [500, '36,90']]]));
    expect(got).toEqual([{ Description: 'Papel fotocópia A4', Quantity: 3, 'Unit Price': 10, Amount: 30 }]);
  });
});

describe('a table continued on the next page without its header', () => {
  it('reads the rows after the sum brought forward, under the first page\'s header', () => {
    const p2 = (l: Line): Line => ({ ...l, page: 2 });
    const lines = [line(20, [[40, 'Hamar Maskin og Verktøy AS'], [400, 'FAKTURA']]),
      line(100, [[40, 'Varenr.'], [110, 'Beskrivelse'], [330, 'Antall'], [400, 'Pris'], [500, 'Beløp']]),
      line(118, [[40, '428946'], [110, 'Stikkontakt jordet hvit'], [330, '1 stk'], [400, '938,20'], [500, '938,20']]),
      line(136, [[40, '602235'], [110, 'Kabel PFSP 3x2,5 mm²'], [330, '11 m'], [400, '30,47'], [500, '335,17']]),
      line(700, [[40, 'fortsetter ...'], [400, 'Overføres'], [500, '1 273,37']]),
      line(760, [[40, 'Hamar Maskin og Verktøy AS · Storgata 14, 0155 Oslo · Org.nr. 984 110 969 MVA']]),
      p2(line(20, [[40, 'Side 2 av 2']])), p2(line(40, [[40, 'Hamar Maskin og Verktøy AS – FAKTURA 2017-9201']])),
      p2(line(80, [[110, 'Overført fra forrige side'], [500, '1 273,37']])),
      p2(line(98, [[40, '823195'], [110, 'Kjøring'], [330, '6 stk'], [400, '1 127,80'], [500, '6 766,80']])),
      p2(line(150, [[330, 'Sum eks. mva'], [500, '8 040,17']])), p2(line(168, [[330, 'Mva 25 %'], [500, '2 010,04']])),
      p2(line(186, [[330, 'Sum å betale NOK'], [500, '10 050,21']]))];
    expect(items([{ number: 1, width: 600, height: 900, source: 'text', quality: 1, lines: lines.filter((l) => l.page === 1) },
      { number: 2, width: 600, height: 900, source: 'text', quality: 1, lines: lines.filter((l) => l.page === 2) }])).toEqual([
      { Description: 'Stikkontakt jordet hvit', Quantity: 1, 'Unit Price': 938.2, Amount: 938.2 },
      { Description: 'Kabel PFSP 3x2,5 mm²', Quantity: 11, 'Unit Price': 30.47, Amount: 335.17 },
      { Description: 'Kjøring', Quantity: 6, 'Unit Price': 1127.8, Amount: 6766.8 },
    ]);
  });
});

describe('a header OCR read as two lines', () => {
  it("joins the description's name, a little lower, to the names of the figures' columns", () => {
    const lines = [line(20, [[40, 'Pioneer Tech Services']]), line(40, [[40, 'INVOICE'], [300, 'A-2179-67']]),
      line(100, [[300, 'Price'], [380, 'Units'], [460, 'Line Total']]), line(106, [[40, 'Item']]),
      line(130, [[40, 'Spare parts kit'], [300, '547.88'], [380, '23'], [460, '12,601.24']]),
      line(148, [[40, 'Website maintenance'], [300, '3.22'], [380, '17'], [460, '54.74']]),
      line(170, [[380, 'Total Due'], [460, '13,541.90 USD']])];
    expect(items(page(lines, 'ocr'))).toEqual([
      { Description: 'Spare parts kit', Quantity: 23, 'Unit Price': 547.88, Amount: 12601.24 },
      { Description: 'Website maintenance', Quantity: 17, 'Unit Price': 3.22, Amount: 54.74 },
    ]);
  });

  it("joins a name printed a little lower to a header that names the description ('Betrag' under 'Preis')", () => {
    const lines = [line(20, [[40, 'Berner Gartenbau GmbH']]), line(40, [[40, 'RECHNUNG 134/2023']]),
      line(100, [[40, 'Bezeichnung'], [300, 'Anzahl'], [380, 'Preis']]), line(106, [[460, 'Betrag']]),
      line(124, [[40, 'Delivery charge'], [300, '1'], [380, '61.18'], [460, '61.18']]),
      line(142, [[40, 'USB-C docking station'], [300, '7']]), line(150, [[374, '295.58'], [458, "2'069.06"]]),
      line(180, [[300, 'Gesamtbetrag'], [440, "CHF 2'302.79"]])];
    expect(items(page(lines, 'ocr'))).toEqual([
      { Description: 'Delivery charge', Quantity: 1, 'Unit Price': 61.18, Amount: 61.18 },
      { Description: 'USB-C docking station', Quantity: 7, 'Unit Price': 295.58, Amount: 2069.06 },
    ]);
  });

  it("reads a total price ('Gesamtpreis', 'Prix total') as the amount's column", () => {
    expect(columnOf('Gesamtpreis')).toBe('amount');
    expect(columnOf('Prix total')).toBe('amount');
    expect(columnOf('E-Preis')).toBe('unitPrice');
    const lines = [line(20, [[40, 'Technik Schmidt KG']]), line(40, [[40, 'RECHNUNG'], [300, 'FA/2021/5893']]),
      line(100, [[40, 'Beschreibung'], [300, 'E-Preis'], [380, 'Menge'], [440, 'Gesamtpreis']]),
      line(118, [[40, 'Beratungsleistung'], [300, '455,43'], [470, '5.009,73']]),
      line(136, [[40, 'Tonerkartusche schwarz'], [300, '205,79'], [390, '1'], [470, '205,79']]),
      line(170, [[300, 'Rechnungsbetrag'], [440, '6.206,36 EUR']])];
    expect(items(page(lines, 'ocr'))).toEqual([
      { Description: 'Beratungsleistung', Quantity: 11, 'Unit Price': 455.43, Amount: 5009.73 },
      { Description: 'Tonerkartusche schwarz', Quantity: 1, 'Unit Price': 205.79, Amount: 205.79 },
    ]);
  });

  it("joins a second line that names the article code's column and the description ('Art.nr  Benämning')", () => {
    const lines = [line(20, [[40, 'Lindqvist & Söner Bygg AB']]), line(40, [[40, 'Faktura'], [300, '86781']]),
      line(100, [[300, 'Antal'], [380, 'A-pris'], [460, 'Belopp']]), line(106, [[40, 'Art.nr'], [110, 'Benämning']]),
      line(124, [[306, '2'], [380, '174,23'], [460, '348,46']]), line(130, [[40, '740769'], [110, 'Skruvdragare 18V']]),
      line(148, [[306, '1'], [380, '202,86'], [460, '202,86']]), line(154, [[40, '170047'], [110, 'Toner HP 59X svart']]),
      line(180, [[300, 'Summa exkl. moms'], [460, '551,32']])];
    expect(items(page(lines, 'ocr'))).toEqual([
      { Description: 'Skruvdragare 18V', Quantity: 2, 'Unit Price': 174.23, Amount: 348.46 },
      { Description: 'Toner HP 59X svart', Quantity: 1, 'Unit Price': 202.86, Amount: 202.86 },
    ]);
  });

  it("reads the Italian quantity's short name ('Qta') as a column's", () => {
    expect(columnOf('Qta')).toBe('quantity');
    expect(columnOf('Q.tà')).toBe('quantity');
  });
});

describe('a row of a scan whose lines overlap', () => {
  const header = line(100, [[40, 'Beschreibung'], [300, 'Anzahl'], [380, 'Einzelpreis'], [460, 'Betrag']]);
  it('takes an amount OCR put on a line of its own just under its row', () => {
    const lines = [line(20, [[40, 'Bäckerei Sonnenschein GmbH'], [400, 'Rechnung']]), header,
      line(118, [[40, 'Printer paper A4, 500 sheets'], [300, '18'], [380, '155,75']]), line(126, [[460, '2.803,50']]),
      line(140, [[40, 'Stapler heavy duty'], [300, '17'], [380, '535,35'], [460, '9.100,95']]),
      line(170, [[380, 'Summe netto'], [460, '11.904,45']])];
    expect(items(page(lines, 'ocr'))).toEqual([
      { Description: 'Printer paper A4, 500 sheets', Quantity: 18, 'Unit Price': 155.75, Amount: 2803.5 },
      { Description: 'Stapler heavy duty', Quantity: 17, 'Unit Price': 535.35, Amount: 9100.95 },
    ]);
  });

  it('gives a row of figures the name above it when that name overlaps it more than the name below', () => {
    // Each name a little above its figures; the next name starts just inside the figures' line.
    const lines = [line(20, [[40, 'Bäckerei Sonnenschein GmbH'], [400, 'Rechnung']]), header,
      line(118, [[40, 'Stapler heavy duty'], [300, '15'], [380, '466,50'], [460, '6.997,50']]),
      line(136, [[40, 'Network cable 5m']]), line(142, [[300, '1'], [380, '307,11'], [460, '307,11']]),
      line(150, [[40, 'Design hours']]), line(156, [[380, '47,34'], [460, '47,34']]),
      line(174, [[40, 'Coffee beans 1kg'], [300, '1'], [380, '29,44'], [460, '29,44']]),
      line(200, [[380, 'Summe netto'], [460, '7.381,39']])];
    expect(items(page(lines, 'ocr'))).toEqual([
      { Description: 'Stapler heavy duty', Quantity: 15, 'Unit Price': 466.5, Amount: 6997.5 },
      { Description: 'Network cable 5m', Quantity: 1, 'Unit Price': 307.11, Amount: 307.11 },
      { Description: 'Design hours', Quantity: 1, 'Unit Price': 47.34, Amount: 47.34 },
      { Description: 'Coffee beans 1kg', Quantity: 1, 'Unit Price': 29.44, Amount: 29.44 },
    ]);
  });
});

describe('a sum carried to the next page', () => {
  const p2 = (l: Line): Line => ({ ...l, page: 2 });
  const pages = (lines: Line[]): PageLayout[] => [1, 2].map((n) => ({ number: n, width: 600, height: 900, source: 'ocr' as const, quality: 1, lines: lines.filter((l) => l.page === n) }));
  it('ends the page\'s items when the next page repeats the header: the page\'s foot is no row', () => {
    const header = (y: number) => line(y, [[40, 'Varenr.'], [110, 'Beskrivelse'], [330, 'Antall'], [400, 'Pris'], [500, 'Beløp']]);
    const lines = [line(20, [[40, 'Bergen Kontorservice AS'], [400, 'FAKTURA']]), header(100),
      line(118, [[40, '406913'], [110, 'Toner HP 59X'], [330, '1 stk'], [400, '1 312,79'], [500, '1 312,79']]),
      line(150, [[110, 'fortsetter...'], [400, 'Overføres'], [500, '1 312,79']]),
      line(860, [[40, 'Bergen Ko'], [330, 'Storgata 14 0155 Oslo Tlf 72247 Org.nr 979699872']]),
      p2(line(40, [[40, 'Bergen Kontorservice AS - FAKTURA 2020-4093']])), p2(header(80)),
      p2(line(98, [[110, 'Overført'], [500, '1 312,79']])),
      p2(line(116, [[40, '456499'], [110, 'Arbeid elektriker'], [330, '2 timer'], [400, '986,66'], [500, '1 973,32']])),
      p2(line(150, [[330, 'Sum eks. mva'], [500, '3 286,11']]))];
    expect(items(pages(lines))).toEqual([
      { Description: 'Toner HP 59X', Quantity: 1, 'Unit Price': 1312.79, Amount: 1312.79 },
      { Description: 'Arbeid elektriker', Quantity: 2, 'Unit Price': 986.66, Amount: 1973.32 },
    ]);
  });

  it("leaves the second line of the name above it with its row ('Transport', 'Bawa ke hadapan', 'Overføres' read 'Overfores')", () => {
    for (const [carried, header] of [['Transport', ['Omschrijving', 'Aantal', 'Stukprijs', 'Bedrag']], ['Bawa ke hadapan', ['Perkara', 'Kuantiti', 'Harga', 'Amaun']],
      ['Overfores', ['Beskrivelse', 'Antall', 'Pris', 'Beløp']]] as const) {
      const lines = [line(20, [[40, 'Bakker Kantoorartikelen B.V.'], [400, 'Factuur']]),
        line(100, [[40, header[0]], [300, header[1]], [380, header[2]], [460, header[3]]]),
        line(118, [[40, 'Printpapier A4'], [300, '1'], [380, '489,51'], [460, '489,51']]),
        line(136, [[40, 'Schoonmaakdienst'], [300, '7'], [380, '711,25'], [460, '4.978,75']]), line(150, [[40, 'volgens offerte O-118']]),
        line(168, [[300, carried], [460, '5.468,26']]), line(860, [[250, 'Pagina 1 van 2']]),
        p2(line(40, [[300, carried], [460, '5.468,26']])), p2(line(58, [[40, 'Training'], [300, '1'], [380, '776,46'], [460, '776,46']])),
        p2(line(90, [[300, 'Subtotaal'], [460, '6.244,72']]))];
      expect(items(pages(lines))).toEqual([
        { Description: 'Printpapier A4', Quantity: 1, 'Unit Price': 489.51, Amount: 489.51 },
        { Description: 'Schoonmaakdienst volgens offerte O-118', Quantity: 7, 'Unit Price': 711.25, Amount: 4978.75 },
        { Description: 'Training', Quantity: 1, 'Unit Price': 776.46, Amount: 776.46 },
      ]);
    }
  });
});

describe('a discount column', () => {
  it("reads each row's price as printed when the amount is quantity x price less the discount ('Desc. %')", () => {
    const text = ['Sousa & Filhos - Materiais de Construção, S.A.', 'FATURA', 'DOCUMENTO   FT A2023/75',
      'Descrição                          Preço Unit.   Qtd. Un.   Desc. %   IVA      Valor',
      'Silicone sanitário 280 ml               175,49       3 UN      0,00   13%     526,47',
      'Silicone sanitário 280 ml               159,68       1 UN     15,00   13%     135,73',
      'Tinteiro HP 305XL preto                 233,03      20 UN     15,00   13%   3 961,51',
      'Total s/ IVA                                                                4 623,71'].join('\n');
    expect(items(page(linesFromText(text, 1)))).toEqual([
      { Description: 'Silicone sanitário 280 ml', Quantity: 3, 'Unit Price': 175.49, Amount: 526.47 },
      { Description: 'Silicone sanitário 280 ml', Quantity: 1, 'Unit Price': 159.68, Amount: 135.73 },
      { Description: 'Tinteiro HP 305XL preto', Quantity: 20, 'Unit Price': 233.03, Amount: 3961.51 },
    ]);
  });

  it.each([['under', 106], ['over', 94]])('counts in a header OCR read as two lines, the description %s names of columns it does not know', (_, y) => {
    const lines = [line(20, [[40, 'Papelaria Central do Porto, Lda.']]), line(40, [[40, 'FATURA'], [300, 'FT FA.2023/688']]),
      line(100, [[200, 'Preco Unit.'], [290, 'Qtd. Un.'], [350, 'Desc. %'], [410, 'IVA'], [460, 'Valor']]), line(y as number, [[40, 'Descricao']])]
      .sort((a, b) => a.y0 - b.y0).concat([
      line(124, [[40, 'Silicone sanitario 280 ml'], [200, '143,61'], [290, '1 UN'], [350, '0,00'], [410, '23%'], [460, '143,61']]),
      line(142, [[40, 'Tinta plastica mate'], [200, '59,13'], [290, '9 UN'], [350, '5,00'], [410, '23%'], [460, '505,56']]),
      line(170, [[290, 'Total s/ IVA'], [460, '649,17']])]);
    expect(items(page(lines, 'ocr'))).toEqual([
      { Description: 'Silicone sanitario 280 ml', Quantity: 1, 'Unit Price': 143.61, Amount: 143.61 },
      { Description: 'Tinta plastica mate', Quantity: 9, 'Unit Price': 59.13, Amount: 505.56 },
    ]);
  });
});

describe('figures OCR read as one cell', () => {
  it("splits a cell of two figures standing under two columns ('32.34 1' under 'PRICE QTY')", () => {
    const lines = [line(20, [[40, 'BOOK TA.K HUP SENG ENTERPRISE']]), line(40, [[40, 'OFFICIAL RECEIPT']]),
      line(100, [[40, 'ITEM'], [200, 'PRICE QTY'], [300, 'AMT']]),
      line(116, [[40, 'GARDENIA BREAD']]), line(128, [[218, '32.34 1'], [300, '32.34']]),
      line(144, [[40, 'ROTI CANAI']]), line(156, [[200, '26.40'], [236, '2'], [300, '52.80']]),
      line(180, [[40, 'TOTAL'], [300, '85.14']])];
    expect(items(page(lines, 'ocr'))).toEqual([
      { Description: 'GARDENIA BREAD', Quantity: 1, 'Unit Price': 32.34, Amount: 32.34 },
      { Description: 'ROTI CANAI', Quantity: 2, 'Unit Price': 26.4, Amount: 52.8 },
    ]);
  });

  it('keeps a number with spaces between its thousands whole', () => {
    const lines = [line(20, [[40, 'Hamar Maskin AS']]), line(40, [[40, 'FAKTURA']]),
      line(100, [[40, 'Beskrivelse'], [200, 'Antall'], [260, 'Pris'], [320, 'Beløp']]),
      line(118, [[40, 'Kjøring'], [200, '6'], [250, '1 127,80'], [310, '6 766,80']]),
      line(150, [[200, 'Sum eks. mva'], [310, '6 766,80']])];
    expect(items(page(lines, 'ocr'))).toEqual([{ Description: 'Kjøring', Quantity: 6, 'Unit Price': 1127.8, Amount: 6766.8 }]);
  });
});

describe('a weighed item whose decimal mark OCR misread', () => {
  it("reads '2.201 kg' as a weight with three decimals where commas mark decimals and the arithmetic agrees", () => {
    const text = ['Apotek Hjärtat', 'KVITTO', 'Ost Präst 700g                     32,52', 'Äpplen Royal Gala',
      '2.201 kg x 59,33 kr/kg             130,59', 'Totalt SEK                        163,11', 'Kort                              163,11'].join('\n');
    expect(items(page(linesFromText(text, 1), 'ocr'))).toEqual([
      { Description: 'Ost Präst 700g', Quantity: 1, 'Unit Price': 32.52, Amount: 32.52 },
      { Description: 'Äpplen Royal Gala', Quantity: 2.201, 'Unit Price': 59.33, Amount: 130.59 },
    ]);
  });
});

describe('the subtotal under the items', () => {
  it('ends them where an amount alone equals their sum, whatever OCR made of its label (小計 read 小)', () => {
    const lines = [line(20, [[40, '請求書']]), line(40, [[40, '請求番号：210921-939']]),
      line(100, [[40, '品名'], [200, '数量'], [300, '単価'], [400, '金額']]),
      line(118, [[40, '事務用椅子'], [206, '5'], [300, '4,600'], [400, '23,000']]),
      line(136, [[40, '配送料'], [206, '1'], [300, '30,100'], [400, '30,100']]),
      line(160, [[40, '小'], [380, '￥53,100']]), line(178, [[40, '消费税（8%）'], [380, '￥4,248']]), line(196, [[40, '合計'], [380, '￥57,348']])];
    expect(items(page(lines, 'ocr'))).toEqual([
      { Description: '事務用椅子', Quantity: 5, 'Unit Price': 4600, Amount: 23000 },
      { Description: '配送料', Quantity: 1, 'Unit Price': 30100, Amount: 30100 },
    ]);
  });
});

describe('a receipt of one item', () => {
  it('reads it when it prints quantity times price and the arithmetic holds', () => {
    const text = ['K-Market Kallio', 'Y-tunnus 7589656-9', 'KUITTI', 'Kananmunat 10 kpl', '4 kpl x 7,39              29,56',
      'Maksettava                29,56', 'Pankkikortti              29,56'].join('\n');
    expect(items(page(linesFromText(text, 1)))).toEqual([{ Description: 'Kananmunat 10 kpl', Quantity: 4, 'Unit Price': 7.39, Amount: 29.56 }]);
  });
});

describe('Polish, Czech and Chinese invoice tables', () => {
  it("reads a Polish VAT invoice's rows at their net amount, the gross column beside it kept apart", () => {
    const lines = [line(20, [[40, 'Faktura VAT nr F/6156/18']]),
      line(100, [[40, 'Lp.'], [60, 'Nazwa towaru lub usługi'], [262, 'J.m.'], [296, 'Ilość'], [326, 'Cena netto Wartość netto'], [480, 'VAT'], [510, 'Kwota VAT'], [580, 'Wartość brutto']]),
      line(118, [[40, '1.'], [60, 'Cement portlandzki CEM II 25 kg'], [262, 'szt.'], [304, '29'], [343, '23,80'], [400, '690,20'], [480, '23%'], [520, '158,75'], [590, '848,95']]),
      line(136, [[40, '2.'], [60, 'Roboczogodzina mechanika'], [262, 'godz.'], [304, '14'], [339, '150,00'], [394, '2 100,00'], [480, '23%'], [520, '483,00'], [584, '2 583,00']]),
      line(160, [[300, 'Razem:'], [394, '2 790,20'], [520, '641,75'], [584, '3 431,95']])];
    expect(items(page(lines))).toEqual([
      { Description: 'Cement portlandzki CEM II 25 kg', Quantity: 29, 'Unit Price': 23.8, Amount: 690.2 },
      { Description: 'Roboczogodzina mechanika', Quantity: 14, 'Unit Price': 150, Amount: 2100 },
    ]);
  });

  it("reads a Czech invoice's rows ('Označení dodávky', 'Počet MJ', 'Cena za MJ', 'Bez DPH' beside 'Celkem')", () => {
    const lines = [line(20, [[40, 'Faktura - daňový doklad č. 20170838']]),
      line(100, [[40, 'Označení dodávky'], [265, 'Počet MJ'], [329, 'Cena za MJ'], [400, 'DPH %'], [440, 'Bez DPH'], [500, 'DPH'], [540, 'Celkem']]),
      line(118, [[40, 'Knihy - dotisk'], [272, '100 ks'], [350, '96,50'], [406, '15'], [440, '9 650,00'], [494, '1 447,50'], [540, '11 097,50']]),
      line(136, [[40, 'Práce mechanika'], [274, '4,5 hod'], [346, '840,00'], [406, '21'], [440, '3 780,00'], [494, '793,80'], [540, '4 573,80']]),
      line(160, [[300, 'Celkem k úhradě'], [520, '15 671,30 Kč']])];
    expect(items(page(lines))).toEqual([
      { Description: 'Knihy - dotisk', Quantity: 100, 'Unit Price': 96.5, Amount: 9650 },
      { Description: 'Práce mechanika', Quantity: 4.5, 'Unit Price': 840, Amount: 3780 },
    ]);
  });

  it("reads a Chinese fapiao's goods ('货物或应税劳务、服务名称'), its tax columns apart", () => {
    const lines = [line(20, [[200, '上海增值税电子普通发票']]),
      line(100, [[40, '货物或应税劳务、服务名称'], [200, '规格型号'], [260, '单位'], [300, '数量'], [350, '单价'], [420, '金额'], [480, '税率'], [540, '税额']]),
      line(118, [[40, '*纸制品*复印纸A4'], [260, '箱'], [306, '36'], [344, '173.00'], [414, '6228.00'], [480, '13%'], [534, '809.64']]),
      line(136, [[40, '餐饮服务*餐费'], [260, '次'], [306, '1'], [344, '802.00'], [420, '802.00'], [480, '6%'], [540, '48.12']]),
      line(160, [[40, '合'], [60, '计'], [408, '￥7030.00'], [528, '￥857.76']])];
    expect(items(page(lines, 'ocr'))).toEqual([
      { Description: '*纸制品*复印纸A4', Quantity: 36, 'Unit Price': 173, Amount: 6228 },
      { Description: '餐饮服务*餐费', Quantity: 1, 'Unit Price': 802, Amount: 802 },
    ]);
  });
});

describe('a list whose total includes a tax named on a line of its own', () => {
  it("ends the items at 'inkl. MwSt. 7%' and checks them against the sum printed after it", () => {
    const text = ['Cabby', 'Danke für deine Fahrt, Lukas', 'Gesamt                 23,50 €', 'Grundpreis              2,10 €', 'Strecke                11,79 €',
      'Zeit                    7,61 €', 'Trinkgeld               2,00 €', 'inkl. MwSt. 7%          1,68 €', 'Belastet               23,50 €', 'Amex ••••1460'].join('\n');
    expect(items(page(linesFromText(text, 1)))).toEqual([
      { Description: 'Grundpreis', Quantity: 1, 'Unit Price': 2.1, Amount: 2.1 },
      { Description: 'Strecke', Quantity: 1, 'Unit Price': 11.79, Amount: 11.79 },
      { Description: 'Zeit', Quantity: 1, 'Unit Price': 7.61, Amount: 7.61 },
      { Description: 'Trinkgeld', Quantity: 1, 'Unit Price': 2, Amount: 2 },
    ]);
  });

  it("reads amounts printed after an ISO currency code ('GBP 1,347.00')", () => {
    const text = ['Albion Skies', 'E-ticket receipt and itinerary', 'Fare details', 'Base fare              GBP 1,347.00',
      'Taxes, fees and charges    GBP 163.91', 'Total                  GBP 1,510.91', 'Paid by card'].join('\n');
    expect(items(page(linesFromText(text, 1)))).toEqual([
      { Description: 'Base fare', Quantity: 1, 'Unit Price': 1347, Amount: 1347 },
      { Description: 'Taxes, fees and charges', Quantity: 1, 'Unit Price': 163.91, Amount: 163.91 },
    ]);
  });

  it("knows the tax line when a skewed scan's OCR put its figure a little above its label ('5.00' over 'Includes VAT 20%')", () => {
    // Each row's amount came out a little higher than its name, as a line of its own.
    const rows: [string, string][] = [['Base fare', '2.00'], ['Distance', '13.04'], ['Time', '10.15']];
    const lines = [line(20, [[40, 'Hopp Mobility']]), line(40, [[40, 'Total'], [400, '25.19']])];
    rows.forEach(([name, amount], k) => lines.push(line(80 + 24 * k, [[420, amount]]), line(86 + 24 * k, [[40, name]])));
    lines.push(line(152, [[420, '4.20']]), line(158, [[40, 'Includes VAT 20%']]), line(176, [[420, '25.19']]), line(182, [[40, 'Total charged']]));
    expect(items(page(lines, 'ocr'))).toEqual([
      { Description: 'Base fare', Quantity: 1, 'Unit Price': 2, Amount: 2 },
      { Description: 'Distance', Quantity: 1, 'Unit Price': 13.04, Amount: 13.04 },
      { Description: 'Time', Quantity: 1, 'Unit Price': 10.15, Amount: 10.15 },
    ]);
  });
});

describe('a table in sections', () => {
  const text = (first: string) => ['FACTURE N° F2023-0171', 'Désignation                                   Qté U      PU HT     TVA     Montant HT', first,
    "Porte d'entrée aluminium                      1 u     2 250,00    10 %      2 250,00", 'Divers',
    'Déplacement                                   1 forfait  43,50    10 %         43,50', 'Salle de bain',
    'Fourniture et pose receveur de douche         1 u       744,50    10 %        744,50', 'Total HT                                                          3 038,00'].join('\n');

  it("takes a heading over a row ('Divers' over 'Déplacement') for no part of the row above it when the table opens with one", () => {
    expect(items(page(linesFromText(text('Menuiseries'), 1)))).toEqual([
      { Description: "Porte d'entrée aluminium", Quantity: 1, 'Unit Price': 2250, Amount: 2250 },
      { Description: 'Déplacement', Quantity: 1, 'Unit Price': 43.5, Amount: 43.5 },
      { Description: 'Fourniture et pose receveur de douche', Quantity: 1, 'Unit Price': 744.5, Amount: 744.5 },
    ]);
  });

  it('still reads a name alone under a row as its second line when the table opens with a row', () => {
    const got = items(page(linesFromText(text('Pose comprise                                 1 u        10,00    10 %         10,00'), 1))) as Record<string, unknown>[];
    expect(got.map((r) => r.Description)).toEqual(['Pose comprise', "Porte d'entrée aluminium Divers", 'Déplacement Salle de bain', 'Fourniture et pose receveur de douche']);
  });
});

describe('rows and the lines after them', () => {
  it("keeps a 'Date of Service' column out of the description", () => {
    const lines = [line(20, [[50, 'Clearview Speech & Language Therapy LLC']]),
      line(100, [[50, 'Date of Service'], [150, 'CPT'], [200, 'Description'], [420, 'Units'], [470, 'Charge'], [540, 'Amount']]),
      line(118, [[50, '10/22/2017'], [150, '92507'], [200, 'Speech/language treatment'], [426, '1'], [467, '140.00'], [539, '140.00']]),
      line(136, [[50, '10/29/2017'], [150, '92507'], [200, 'Speech/language treatment'], [426, '1'], [467, '133.00'], [539, '133.00']]),
      line(160, [[370, 'Total Charges'], [531, '$273.00']])];
    expect((items(page(lines)) as Record<string, unknown>[]).map((r) => r.Description)).toEqual(['Speech/language treatment', 'Speech/language treatment']);
  });

  it("ends a fapiao's goods at its sum whose characters OCR read apart ('合  计')", () => {
    const lines = [line(20, [[200, '上海增值税电子普通发票']]),
      line(100, [[40, '货物或应税劳务、服务名称'], [300, '数量'], [350, '单价'], [420, '金额']]),
      line(118, [[40, '餐饮服务*餐费'], [306, '1'], [344, '454.00'], [420, '454.00']]),
      line(140, [[40, '合'], [70, '计'], [408, '￥454.00']]), line(160, [[40, '价税合计（大写）'], [150, '肆佰捌拾壹圆贰角肆分'], [408, '（小写） ￥481.24']])];
    expect(items(page(lines, 'ocr'))).toEqual([{ Description: '餐饮服务*餐费', Quantity: 1, 'Unit Price': 454, Amount: 454 }]);
  });

  it("ends a skewed scan's rows at the total: the name under its figures is no item ('TOTAL $2,020.00' over 'Remit To')", () => {
    // The scan is skewed by about half a row: each row's figures came out a little above its name.
    const lines = [line(20, [[40, 'Copper & Quill Design']]),
      line(100, [[330, 'Qty / Hrs'], [420, 'Rate'], [500, 'Amount']]), line(109, [[50, 'Description']]),
      line(118, [[355, '4'], [410, '120.00'], [500, '480.00']]), line(127, [[50, 'Website design - homepage mockups']]),
      line(136, [[350, '14'], [410, '110.00'], [494, '1,540.00']]), line(145, [[50, 'Logo refinements']]),
      line(166, [[355, 'TOTAL'], [486, '$2,020.00']]), line(200, [[50, 'Remit To']]), line(214, [[50, 'Copper & Quill Design']])];
    expect(items(page(lines, 'ocr'))).toEqual([
      { Description: 'Website design - homepage mockups', Quantity: 4, 'Unit Price': 120, Amount: 480 },
      { Description: 'Logo refinements', Quantity: 14, 'Unit Price': 110, Amount: 1540 },
    ]);
  });
});

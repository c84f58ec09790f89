import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { Line, PageLayout } from '../../../src/service/processing/layout/model.js';
import { EVAL_SCHEMA } from '../../eval/score.js';
import { valuesOf } from './helpers.js';

// Line-item failure classes of the held-out sets (session 23, issue 15): how tables are printed where nobody's
// template is ours. Pages made by hand, with other names and figures (linesFromText: cells two spaces apart).

const page = (lines: string[], source: 'text' | 'ocr' = 'ocr'): PageLayout[] => [{ number: 1, width: 900, height: 1200, source, quality: source === 'text' ? 1 : 0.95, lines: linesFromText(lines.join('\n'), 1) }];
const cells = (...c: string[]) => c.join('      ');
const items = (lines: string[], source: 'text' | 'ocr' = 'ocr') => valuesOf(extractFields(page(lines, source), EVAL_SCHEMA))['Line Items'];
/** Cells in columns: the first 44 wide, the others 14. */
const row = (...c: string[]) => c.map((x, k) => x.padEnd(k === 0 ? 44 : 14)).join('').trimEnd();

describe('"Particulars" over the goods', () => {
  it('an Indian tax invoice\'s "Sl. No.  Particulars  Qty  Rate  Amount": the description\'s column', () => {
    const bill = ['Shree Ganesh Hardware Stores', 'GSTIN: 27AAPFS1234K1Z5', 'TAX INVOICE', cells('Bill No.: 1187', 'Date: 12-09-2023'),
      row('Sl. No.   Particulars', 'Qty', 'Rate', 'Amount'), row('1         PVC pipe 1 inch (6 m)', '12', '310.00', '3,720.00'),
      row('2         Ball valve brass 25 mm', '4', '455.00', '1,820.00'), cells('Total', '5,540.00'), cells('CGST 9%', '498.60'), cells('SGST 9%', '498.60'),
      cells('Grand Total', '6,537.20')];
    expect(items(bill)).toEqual([
      { Description: 'PVC pipe 1 inch (6 m)', Quantity: 12, 'Unit Price': 310, Amount: 3720 },
      { Description: 'Ball valve brass 25 mm', Quantity: 4, 'Unit Price': 455, Amount: 1820 },
    ]);
  });
});

/** A line of cells at x (page units), 30 high, as OCR leaves a scan. */
const at = (y: number, cells: [number, string][]): Line => {
  const cs = cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * 12 }));
  return { text: cells.map((c) => c[1]).join(' '), cells: cs, x0: cs[0]!.x0, x1: cs[cs.length - 1]!.x1, y0: y, y1: y + 30, page: 1 };
};
const scan = (lines: Line[]) => valuesOf(extractFields([{ number: 1, width: 1600, height: 2200, source: 'ocr', quality: 0.9, lines }], EVAL_SCHEMA))['Line Items'];
const figs = (y: number, q: string, p: string, a: string) => at(y, [[980, q], [1090, p], [1240, a]]);

describe('a skewed scan\'s table, each row\'s figures a line above its name, the names over two lines', () => {
  const top = [at(220, [[600, 'Negev Print & Sign Ltd.']]), at(360, [[250, 'TAX INVOICE No. 41205']]), at(420, [[1010, 'Date: 03/05/2022']])];
  const foot = [at(930, [[1010, 'Total before VAT'], [1200, 'NIS 2,440.00']]), at(960, [[1010, 'VAT 17%'], [1200, 'NIS 414.80']]), at(990, [[1010, 'Total incl. VAT'], [1200, 'NIS 2,854.80']])];

  it('gives each row both lines of its name, its second line alone or beside the next row\'s figures', () => {
    const lines = [...top, at(519, [[970, 'Qty'], [1076, 'Unit price'], [1196, 'Amount (NIS)']]), at(539, [[259, '#'], [304, 'Description']]),
      figs(559, '4', '250.00', '1,000.00'), at(579, [[262, '1'], [301, 'Roll-up banner']]), at(601, [[302, 'Full colour, 85 x 200 cm']]),
      figs(615, '2', '420.00', '840.00'), at(634, [[259, '2'], [301, 'Window lettering']]),
      at(656, [[301, 'Cut vinyl, shop front'], [985, '10'], [1090, '60.00'], [1239, '600.00']]),
      at(695, [[260, '3'], [304, 'Business cards']]), at(715, [[303, 'Matt, 500 per box']]), ...foot];
    expect(scan(lines)).toEqual([
      { Description: 'Roll-up banner Full colour, 85 x 200 cm', Quantity: 4, 'Unit Price': 250, Amount: 1000 },
      { Description: 'Window lettering Cut vinyl, shop front', Quantity: 2, 'Unit Price': 420, Amount: 840 },
      { Description: 'Business cards Matt, 500 per box', Quantity: 10, 'Unit Price': 60, Amount: 600 },
    ]);
  });

  it('reads the description\'s name from a cell that also names the quantity ("Cant. Descripción")', () => {
    const lines = [...top, at(519, [[1035, 'P. Unitario'], [1184, 'Precio Total']]), at(539, [[281, 'Cód.'], [391, 'Cant. Descripción']]),
      at(559, [[1078, '6.50'], [1228, '32.50']]), at(579, [[276, '56837'], [417, '5'], [452, 'Café molido 250 g'], [1078, '9.75'], [1230, '29.25']]),
      at(601, [[276, '33015'], [418, '3'], [452, 'Filtro de aceite'], [1073, '12.00'], [1223, '120.00']]),
      at(623, [[279, '09902'], [409, '10'], [452, 'Caja de tornillos']]), ...foot];
    expect(scan(lines)).toEqual([
      { Description: 'Café molido 250 g', Quantity: 5, 'Unit Price': 6.5, Amount: 32.5 },
      { Description: 'Filtro de aceite', Quantity: 3, 'Unit Price': 9.75, Amount: 29.25 },
      { Description: 'Caja de tornillos', Quantity: 10, 'Unit Price': 12, Amount: 120 },
    ]);
  });
});

describe('a skewed scan\'s table, each row\'s figures a line below its name', () => {
  const foot = [at(1023, [[892, 'Total Charges before VAT'], [1537, '1,109.25']]), at(1063, [[896, 'VAT 12.5%'], [1546, '138.66']]), at(1100, [[887, 'Total Current Charges'], [1531, '1,247.91']])];
  const bill = (rows: Line[]) => [at(75, [[154, 'Windward Cable & Broadband Ltd.']]), at(120, [[154, 'INVOICE']]), at(288, [[1074, 'Bill Date'], [1501, '12 Mar 2021']]),
    at(808, [[141, 'Description']]), at(829, [[1057, 'Qty'], [1294, 'Rate'], [1469, 'Amount (TTS)']]), ...rows, ...foot];

  it('gives each line\'s figures to the name on the line above (the first name alone, the last figures alone)', () => {
    expect(scan(bill([at(855, [[144, 'Fibre 500 Mbps bundle']]), at(876, [[144, 'Router rental'], [1076, '1'], [1264, '899.00'], [1546, '899.00']]),
      at(912, [[136, 'Premium sports channels'], [1076, '1'], [1276, '60.25'], [1559, '60.25']]), at(947, [[1077, '1'], [1267, '150.00'], [1540, '150.00']])]))).toEqual([
      { Description: 'Fibre 500 Mbps bundle', Quantity: 1, 'Unit Price': 899, Amount: 899 },
      { Description: 'Router rental', Quantity: 1, 'Unit Price': 60.25, Amount: 60.25 },
      { Description: 'Premium sports channels', Quantity: 1, 'Unit Price': 150, Amount: 150 },
    ]);
  });

  it('joins a last row\'s number to the name OCR put beside its figures', () => {
    const head = [at(120, [[154, 'TAX INVOICE']]), at(543, [[152, 'S/N'], [230, 'DESCRIPTION']]), at(562, [[1074, 'UNIT PRICE'], [1329, 'QTY'], [1440, 'AMOUNT']])];
    const lines = [...head, at(590, [[148, '1'], [225, 'Office desk 120 cm']]), at(613, [[149, '2'], [223, 'Swivel chair'], [1132, '450.00'], [1350, '2'], [1528, '900.00']]),
      at(654, [[149, '3'], [1130, '310.50'], [1345, '4'], [1512, '1,242.00']]), at(674, [[221, 'Filing cabinet, 4 drawers'], [1129, '720.00'], [1361, '1'], [1547, '720.00']]),
      at(753, [[988, 'Sub Total'], [1504, '2,862.00']]), at(900, [[979, 'TOTAL PAYABLE'], [1501, '2,862.00']])];
    expect(scan(lines)).toEqual([
      { Description: 'Office desk 120 cm', Quantity: 2, 'Unit Price': 450, Amount: 900 },
      { Description: 'Swivel chair', Quantity: 4, 'Unit Price': 310.5, Amount: 1242 },
      { Description: 'Filing cabinet, 4 drawers', Quantity: 1, 'Unit Price': 720, Amount: 720 },
    ]);
  });
});

describe('a skewed scan\'s statement whose figures sank a line, one figure\'s name no column takes', () => {
  it('"Units  Fee  Charge" under "Date  Code  Description": each line\'s figures go to the name above', () => {
    const lines = [at(93, [[153, 'Lakeshore Pediatrics']]), at(117, [[1409, 'STATEMENT']]), at(245, [[1067, 'Statement Date'], [1512, '03/15/2022']]),
      at(628, [[145, 'Date'], [328, 'Code'], [453, 'Description']]), at(651, [[1204, 'Units'], [1388, 'Fee'], [1549, 'Charge']]),
      at(680, [[142, '02/11/2022'], [323, '99214'], [446, 'Office visit, detailed']]),
      at(704, [[141, '02/11/2022'], [321, '87880'], [444, 'Strep test, rapid'], [1247, '1'], [1358, '185.00'], [1551, '185.00']]),
      at(740, [[1247, '2'], [1369, '32.00'], [1566, '64.00']]), at(812, [[1217, 'Total Charges'], [1545, '249.00']]), at(960, [[1215, 'Balance Due'], [1537, '$249.00']])];
    expect(scan(lines)).toEqual([
      { Description: 'Office visit, detailed', Quantity: 1, 'Unit Price': 185, Amount: 185 },
      { Description: 'Strep test, rapid', Quantity: 2, 'Unit Price': 32, Amount: 64 },
    ]);
  });
});

describe('a skewed scan\'s table whose figures sank a line, a section\'s heading over its first row', () => {
  it('"TREATMENT" alone above the first name is no row; "Unit (HK$) Amount (HK$)" read as one cell names two columns', () => {
    const lines = [at(266, [[665, 'OFFICIAL RECEIPT']]), at(346, [[143, 'Receipt No'], [331, ': R2208-0077']]), at(377, [[143, 'Date'], [331, ': 14/08/2022']]),
      at(533, [[173, 'Description']]), at(553, [[1108, 'Qty'], [1233, 'Unit (HK$) Amount (HK$)']]), at(584, [[173, 'TREATMENT']]),
      at(611, [[192, 'Root canal, molar']]), at(634, [[193, 'Crown, porcelain'], [1128, '1'], [1272, '3,200.00'], [1485, '3,200.00']]),
      at(669, [[1128, '1'], [1273, '4,800.00'], [1480, '4,800.00']]), at(724, [[891, 'Total']]), at(735, [[1413, 'HK$8,000.00']])];
    expect(scan(lines)).toEqual([
      { Description: 'Root canal, molar', Quantity: 1, 'Unit Price': 3200, Amount: 3200 },
      { Description: 'Crown, porcelain', Quantity: 1, 'Unit Price': 4800, Amount: 4800 },
    ]);
  });
});

describe('a row\'s amount OCR set on a line of its own, a little above the rest of the row', () => {
  it('"2×2,20" under the name, its amount "4,40" on a line overlapping it: one row', () => {
    const at2 = (y0: number, y1: number, cells: [number, string][]) => ({ ...at(y0, cells), y1 });
    const till = [at2(42, 70, [[156, 'PEKARA ZLATNI KLAS d.o.o.']]), at2(131, 160, [[218, 'OIB: 41122334455']]), at2(174, 200, [[27, 'RAČUN br. 1184/PP2/1']]),
      at2(204, 232, [[27, 'Datum: 03.02.2024.'], [533, '08:12']]), at2(241, 277, [[32, 'Naziv Kol. Cijena'], [534, 'Iznos']]),
      at2(277, 309, [[28, 'Kifla sa sirom']]), at2(296, 324, [[550, '4,40']]), at2(308, 334, [[48, '2×2,20']]),
      at2(335, 367, [[29, 'Jogurt 1L']]), at2(356, 394, [[49, '1×1,95'], [549, '1,95']]),
      at2(456, 492, [[38, 'UKUPNO EUR:'], [538, '6,35']])];
    expect(scan(till)).toEqual([
      { Description: 'Kifla sa sirom', Quantity: 2, 'Unit Price': 2.2, Amount: 4.4 },
      { Description: 'Jogurt 1L', Quantity: 1, 'Unit Price': 1.95, Amount: 1.95 },
    ]);
  });
});

describe('a till\'s list in a currency without cents', () => {
  it('"$2.490" beside each name, the thousands grouped by a dot: the items, that many pesos', () => {
    const boleta = ['DISTRIBUIDORA LOS ANDES', 'R.U.T.: 77.120.554-2', 'AV. ARGENTINA 1420, LOS ANDES', 'BOLETA ELECTRONICA', 'N° 228140',
      cells('FECHA: 04-03-2024', 'HORA: 10:05'), cells('PAN AMASADO 1KG', '$2.490'), cells('ACEITE MARAVILLA 1L', '$3.190'), cells('ARROZ G2 1KG', '$890'),
      cells('TOTAL', '$ 6.570'), cells('EFECTIVO', '$ 10.000'), cells('VUELTO', '$ 3.430'), 'El IVA de esta boleta es: $ 1.049'];
    expect(items(boleta, 'text')).toEqual([
      { Description: 'PAN AMASADO 1KG', Quantity: 1, 'Unit Price': 2490, Amount: 2490 },
      { Description: 'ACEITE MARAVILLA 1L', Quantity: 1, 'Unit Price': 3190, Amount: 3190 },
      { Description: 'ARROZ G2 1KG', Quantity: 1, 'Unit Price': 890, Amount: 890 },
    ]);
  });
});

describe('rows numbered before their names, the first number lost by OCR', () => {
  it('"2 Window cleaning", "3 Carpet shampoo" under a name without its "1": the numbers are no part of the names', () => {
    const invoice = ['Bangkok Facility Partners Co., Ltd.', 'TAX INVOICE', cells('No. INV2023-0915', 'Date: 15/09/2023'),
      // A bilingual header's Thai words OCR read as specks, the number's and the name's columns in one cell.
      row('u No. nn / Description', 'Qty', 'Unit Price', 'Amount (THB)'), row('    Office deep clean', '1', '6,500.00', '6,500.00'),
      row('2   Window cleaning', '3', '1,800.00', '5,400.00'), row('3   Carpet shampoo', '1', '2,250.00', '2,250.00'),
      cells('Sub Total', '14,150.00'), cells('VAT 7%', '990.50'), cells('Grand Total', '15,140.50')];
    expect(items(invoice)).toEqual([
      { Description: 'Office deep clean', Quantity: 1, 'Unit Price': 6500, Amount: 6500 },
      { Description: 'Window cleaning', Quantity: 3, 'Unit Price': 1800, Amount: 5400 },
      { Description: 'Carpet shampoo', Quantity: 1, 'Unit Price': 2250, Amount: 2250 },
    ]);
  });

  it('a table of one row numbered "1" keeps it out of the name', () => {
    const invoice = ['Bangkok Facility Partners Co., Ltd.', 'TAX INVOICE', cells('No. INV2023-0916', 'Date: 16/09/2023'),
      row('u No. nn / Description', 'Qty', 'Unit Price', 'Amount (THB)'), row('1   Office deep clean', '2', '6,500.00', '13,000.00'),
      cells('Sub Total', '13,000.00'), cells('VAT 7%', '910.00'), cells('Grand Total', '13,910.00')];
    expect(items(invoice)).toEqual([{ Description: 'Office deep clean', Quantity: 2, 'Unit Price': 6500, Amount: 13000 }]);
  });
});

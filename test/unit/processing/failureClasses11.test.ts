import fs from 'node:fs';
import path from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/service/processing/doctype.js';
import { closeProcessing, fieldsOf, processFile } from '../../../src/service/processing/engine.js';
import { accentLanguage } from '../../../src/service/processing/extract/accents.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import { parseDate } from '../../../src/service/processing/parse/dates.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { EVAL_SCHEMA } from '../../eval/score.js';
import { drawnPage, INVOICE_SCHEMA, inputFor, tempDir } from './helpers.js';

// Failure classes of the eleventh held-out set (blind for its first read, 2026-11-28, a tuning set since):
// a Chilean boleta (a receipt's title no list knew, amounts in whole pesos), a Czech advance invoice
// (asks for a payment before the tax document), an OCR'd receipt number whose O was read 0, the marks
// of Czech and Croatian names, which the accent pass had no language data for, a Chilean factura's
// pesos taken for dollars (its vendor's "Ltda." placed it in Brazil), its written issue date ("3 de
// Febrero del 2022"), Chile's "Monto Neto" and "I.V.A.", a Croatian receipt's tax summary whose sum row
// was taken for the total, and the bare "číslo" and "broj" before an invoice's number; after the set was read
// (2026-11-28, second pass): Tunisian dinars' three decimals, a Maghreb vendor's "SARL" taken for France, a Czech
// page whose "Kč" OCR lost, and a tax summary whose header OCR merged. Pages made by hand, with other names and
// figures (linesFromText: cells two spaces apart).

const page = (lines: string[], source: 'text' | 'ocr' = 'text'): PageLayout[] => [{ number: 1, width: 900, height: 1200, source, quality: source === 'text' ? 1 : 0.95, lines: linesFromText(lines.join('\n'), 1) }];
const cells = (...c: string[]) => c.join('      ');
/** Cells in columns 20 characters wide, as a table prints them. */
const cols = (...c: string[]) => c.map((x) => x.padEnd(20)).join('').trimEnd();
const value = (fields: ReturnType<typeof fieldsOf>, title: string) => fields.find((f) => f.title === title)!;

describe('a Chilean boleta', () => {
  const boleta = ['ALMACEN LOS AROMOS LTDA', 'R.U.T.: 77.812.440-5', 'AV. ARGENTINA 1120, VALPARAISO', 'BOLETA ELECTRONICA', 'N° 220317',
    cells('FECHA: 03-05-2024', 'HORA: 09:12'), cells('PAN AMASADO 1KG', '$2.190'), cells('QUESO GAUDA 250G', '$3.450'), cells('TOTAL', '$ 5.640'), cells('DEBITO', '$ 5.640'),
    'El IVA de esta boleta es: $ 901'];

  it('is a receipt, its whole-peso amounts counted as amounts', () => {
    const c = classifyDocument(page(boleta, 'ocr'));
    expect(c.type).toBe('receipt');
    expect(c.features.amounts).toBeGreaterThanOrEqual(4);
    expect(value(fieldsOf(page(boleta, 'ocr'), EVAL_SCHEMA, c), 'Total').value).toBe(5640);
  });
});

describe('a Chilean factura', () => {
  const factura = ['DISTRIBUIDORA LOS ANDES LTDA.', cells('Giro: VENTA DE FERRETERIA', 'R.U.T.: 78.123.456-2'), 'FACTURA ELECTRONICA', cells('Fono: +56 2 2345 6789', 'N°4471'),
    cells('SENOR(ES)', 'CONSTRUCTORA EL ROBLE SPA'), cells('R.U.T.', '76.987.654-3', 'Fecha Emision: 14 de Marzo del 2023'), cells('GIRO', 'CONSTRUCCION', 'Fecha Vencimiento: 13-04-2023'),
    cells('Codigo', 'Descripcion', 'Cantidad', 'Precio', 'Valor'), cells('10233', 'CLAVO 3 PULG CAJA 1KG', '12', '2.490', '29.880'), cells('10871', 'TORNILLO ROSCALATA 8X1', '30', '1.150', '34.500'),
    cells('MONTO NETO', '$64.380'), cells('I.V.A.19%', '$12.232'), cells('TOTAL', '$ 76.612'), 'Timbre Electronico SII'];
  const fields = () => { const p = page(factura, 'ocr'); return fieldsOf(p, EVAL_SCHEMA, classifyDocument(p)); };

  it('is in pesos: its R.U.T. places it in Chile, its vendor\'s "Ltda." nowhere', () => {
    expect(value(fields(), 'Currency').value).toBe('CLP');
  });

  it('has its issue date written out ("14 de Marzo del 2023"), not the due date beside it', () => {
    const f = fields();
    expect([value(f, 'Invoice Date').value, value(f, 'Due Date').value]).toEqual(['2023-03-14', '2023-04-13']);
  });

  it('has its net ("Monto Neto") and its I.V.A.', () => {
    const f = fields();
    expect(value(f, 'Subtotal').value).toBe(64380);
    expect(value(f, 'Tax').value).toBe(12232);
    expect(value(f, 'Total').value).toBe(76612);
  });
});

describe('a date written out in Latin America', () => {
  it('reads "del" before the year ("3 de Febrero del 2022")', () => {
    expect(parseDate('Fecha Emision: 3 de Febrero del 2022')).toBe('2022-02-03');
    expect(parseDate('14 de marzo de 2023')).toBe('2023-03-14');
  });
});

describe('a Croatian receipt\'s tax summary', () => {
  const racun = ['MLIN PEKARNA j.d.o.o.', 'Pekarnica Mlin', 'Riva 4, 51000 Rijeka', 'OIB:40212345678', 'RACUN br. 118/PP2/1', cells('Datum:03.09.2024.', '17:02'),
    cells('Naziv. Kol. Cijena', 'Iznos'), 'Burek sa sirom', cells('2×3,20', '6,40'), 'Jogurt 0,5L', cells('3×1,60', '4,80'), cells('UKUPNO EUR:', '11,20'),
    cols('Porez', 'Osnovica', 'Iznos poreza'), cols('PDV 25%', '3,84', '0,96'), cols('PDV 13%', '5,66', '0,74'), cols('Ukupno', '9,50', '1,70'), 'Nacin placanja: | Novcanice'];

  it('gives the tax from its sum row, which is no total (the receipt\'s "UKUPNO EUR" is)', () => {
    const p = page(racun, 'ocr');
    const f = fieldsOf(p, EVAL_SCHEMA, classifyDocument(p));
    expect([value(f, 'Tax').value, value(f, 'Total').value]).toEqual([1.7, 11.2]);
  });
});

describe('"číslo" and "broj" on their own before the number', () => {
  it('label a Czech faktura\'s and a Croatian R-1 invoice\'s number', () => {
    const cz = ['FAKTURA', 'číslo FV2405518', 'daňový doklad', cells('Dodavatel:', 'Odběratel:'), cells('Pila Dvořák s.r.o.', 'Hotel Lípa s.r.o.'), cells('IČO: 27461234', 'IČO: 04455667'),
      cells('Datum vystavení:', '12.05.2024'), cells('Datum splatnosti:', '26.05.2024'), cells('Celkem k úhradě:', '12 100,00 Kč')];
    const hr = ['Računovodstvo Horvat', 'Ilica 12, 10000 Zagreb', 'OIB:81504888599', 'Kupac:', 'Caffe Bar Most d.o.o.', 'RACUN - R1 broj: 512-01-1', cells('Datum racuna:', '09.02.2024.'),
      cells('Dospijece:', '10.03.2024.'), cells('Ukupno za platiti:', '250,00 EUR')];
    for (const [lines, id] of [[cz, 'FV2405518'], [hr, '512-01-1']] as const) {
      const p = page([...lines]);
      expect(value(fieldsOf(p, EVAL_SCHEMA, classifyDocument(p)), 'Invoice Number').value).toBe(id);
    }
  });
});

describe('a Czech or Slovak advance invoice', () => {
  const advance = (title: string) => ['Stolarstvi Bednar s.r.o.', title, cells('Číslo:', 'ZF2024017'), cells('Datum vystavení:', '04.03.2024'), cells('Datum splatnosti:', '18.03.2024'),
    cells('Základ DPH 21 %', '10 000,00'), cells('DPH 21 %', '2 100,00'), cells('Celkem k úhradě', '12 100,00 Kč')];

  it('asks for a payment before the tax document: no invoice, no invoice fields (with its marks or as OCR reads it)', () => {
    for (const title of ['ZÁLOHOVÁ FAKTURA', 'ZALOHOVA FAKTURA', 'Zálohová faktúra', 'VÝZVA K PLATBĚ']) {
      const c = classifyDocument(page(advance(title)));
      expect(c.type, title).toBe('other');
      expect(fieldsOf(page(advance(title)), EVAL_SCHEMA, c).filter((f) => f.value !== null), title).toEqual([]);
    }
  });

  it('while the tax document itself is an invoice', () => {
    expect(classifyDocument(page(advance('FAKTURA - DAŇOVÝ DOKLAD'))).type).toBe('invoice');
  });
});

describe('an OCR\'d number with a zero between letters', () => {
  const receipt = (id: string, source: 'text' | 'ocr') => page(['ZRNO PEKARNA d.o.o.', 'Pekarnica Zrno', 'Ilica 45, 10000 Zagreb', 'OIB:48213377051', `RACUN br. ${id}`, cells('Datum:11.06.2024.', '08:41'),
    cells('Naziv. Kol. Cijena', 'Iznos'), 'Kroasan', cells('2×2,40', '4,80'), cells('UKUPNO EUR:', '4,80'), 'Nacin placanja: | Kartica', 'Hvala i dovidenja!'], source);

  it('is read with an O where its part is in capitals ("POS1"), and not sure: the page does not say', () => {
    for (const [read, meant] of [['5127/P0S1/2', '5127/POS1/2'], ['BAR0K-12', 'BAROK-12'], ['F0A3-2', 'FOA3-2']]) {
      const pages = receipt(read, 'ocr');
      const id = value(fieldsOf(pages, EVAL_SCHEMA, classifyDocument(pages)), 'Invoice Number');
      expect(id.value).toBe(meant);
      expect(id.confidence).toBeLessThan(0.9);
    }
  });

  it('while a text layer\'s is read as printed', () => {
    const pages = receipt('5127/P0S1/2', 'text');
    const id = value(fieldsOf(pages, EVAL_SCHEMA, classifyDocument(pages)), 'Invoice Number');
    expect(id.value).toBe('5127/P0S1/2');
    expect(id.confidence).toBeGreaterThanOrEqual(0.9);
  });
});

describe('the accent pass reads Czech, Slovak, Croatian, Polish, Romanian and Turkish marks', () => {
  const ocrPage = (...texts: string[]) => [{ number: 1, width: 100, height: 100, source: 'ocr' as const, quality: 1,
    lines: texts.map((text) => ({ text, page: 1, x0: 0, x1: 1, y0: 0, y1: 1, cells: [] })) }];

  it("guesses the language from the page's words, as PaddleOCR read them (without marks)", () => {
    expect(accentLanguage(ocrPage('FAKTURA - DANOVY DOKLAD', 'Dodavatel  Odberatel', 'ICO: 12345678  DIC: CZ12345678', 'Datum splatnosti: 18.03.2024', 'Mnozstvi  Cena', 'Celkem k uhrade 12 100,00 Kc'))).toBe('ces');
    expect(accentLanguage(ocrPage('FAKTURA', 'Dodavatel  Odberatel', 'ICO: 12345678', 'Datum vyhotovenia: 04.03.2024', 'Datum dodania: 04.03.2024', 'Mnozstvo  Cena', 'Spolu k uhrade 120,00 EUR'))).toBe('slk');
    expect(accentLanguage(ocrPage('RACUN R-1', 'OIB: 48213377051', 'Kolicina  Cijena  Iznos', 'UKUPNO 4,30 EUR', 'PDV 13%', 'Nacin placanja: kartica'))).toBe('hrv');
    expect(accentLanguage(ocrPage('Faktura VAT', 'Sprzedawca  Nabywca', 'NIP: 5261040828', 'Ilosc  Cena netto  Wartosc brutto', 'Razem do zaplaty: 1 230,00 zl'))).toBe('pol');
    expect(accentLanguage(ocrPage('FACTURA FISCALA', 'Furnizor  Cumparator', 'CUI: RO123456', 'Cantitate  Pret unitar  Valoare', 'Total de plata 1.190,00 lei'))).toBe('ron');
    expect(accentLanguage(ocrPage('e-Arsiv FATURA', 'Vergi Dairesi: Kadikoy  VKN: 1234567890', 'Miktar  Birim Fiyat  Tutar', 'KDV %20', 'Odenecek Tutar 1.200,00 TL'))).toBe('tur');
  });

  describe("a scanned Czech invoice's seller with its marks", () => {
    const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
    afterAll(async () => {
      await closeProcessing();
    });

    it('PaddleOCR reads the name without its marks; tesseract\'s Czech data gives them back', { timeout: 180_000 }, async () => {
      if (!fs.existsSync(FONT)) throw new Error(`font ${FONT} missing: apt-get install fonts-dejavu-core`);
      GlobalFonts.registerFromPath(FONT, 'DejaVu Sans');
      const rows: Array<[string, string]> = [['FAKTURA - DAŇOVÝ DOKLAD', 'Číslo: FV2024118'], ['Dodavatel', 'Odběratel'], ['Dřevovýroba Kováč s.r.o.', 'Pekárna Šťastný s.r.o.'],
        ['Na Výsluní 14, 602 00 Brno', 'Husova 8, 370 01 České Budějovice'], ['IČO: 27461234', 'IČO: 04455667'], ['DIČ: CZ27461234', 'DIČ: CZ04455667'],
        ['Datum vystavení: 04.03.2024', 'Datum splatnosti: 18.03.2024'], ['Základ DPH 21 %: 10 000,00 Kč', 'DPH 21 %: 2 100,00 Kč'], ['Celkem k úhradě:', '12 100,00 Kč']];
      const texts = rows.flatMap(([left, right], i): Array<[string, number, number]> => [[left, 100, 130 + i * 70], [right, 750, 130 + i * 70]]);
      const png = await drawnPage(1400, 800, '28px "DejaVu Sans"', texts);
      const file = path.join(tempDir(), 'faktura.jpg');
      fs.writeFileSync(file, await sharp(png).grayscale().blur(0.5).jpeg({ quality: 85 }).toBuffer());
      const res = await processFile(inputFor(file, 'image/jpeg', { schema: INVOICE_SCHEMA }));
      expect(res.documents[0]!.pages[0]!.text).toMatch(/Drevovyroba Kovac/);
      expect(res.documents[0]!.fields.find((f) => f.title === 'Vendor Name')!.value).toBe('Dřevovýroba Kováč s.r.o.');
    });
  });
});

describe('a Maghreb facture', () => {
  const facture = (vendor: string, place: string, lines: string[]) => page([vendor, '14, Avenue Habib Bourguiba', place, 'FACTURE', cells('Facture N° :', '318/2023'), cells('Date :', '12/04/2023'),
    cols('Désignation', 'Qté', 'P.U. HT', 'Montant HT'), ...lines, 'Arrêtée la présente facture à la somme de : ...']);

  it('in Tunisian dinars has three decimals, grouped by spaces ("12 384,450", "0,600")', () => {
    const p = facture('STE CARTHAGE BUREAUTIQUE SARL', 'Sfax - Tunisie', [cols('Papier A4 (rame)', '40', '10,385', '415,400'), cols('Toner laser', '3', '3 989,683', '11 969,049'),
      cells('Total HT', '12 384,449'), cells('TVA 19 %', '2 353,045'), cells('Total TTC', '14 737,494'), cells('Timbre fiscal', '1,000'), cells('Net à payer (DT)', '14 738,494')]);
    const f = fieldsOf(p, EVAL_SCHEMA, classifyDocument(p));
    expect(['Subtotal', 'Tax', 'Total', 'Currency'].map((t) => value(f, t).value)).toEqual([12384.449, 2353.045, 14738.494, 'TND']);
  });

  it('in dirhams: its vendor\'s "SARL" does not place it in France', () => {
    const p = facture('STE RIF EMBALLAGE SARL', 'Tanger - Maroc', [cols('Carton double cannelure', '200', '6,50', '1 300,00'), cells('Total HT', '1 300,00'), cells('TVA 20 %', '260,00'),
      cells('Total TTC (DH)', '1 560,00')]);
    expect(value(fieldsOf(p, EVAL_SCHEMA, classifyDocument(p)), 'Currency').value).toBe('MAD');
  });
});

describe('a Czech faktura whose "Kč" OCR lost', () => {
  it('is in crowns: its DIČ says CZ (a Slovak IČ DPH says SK, euros)', () => {
    const doc = (id: string) => page(['FAKTURA - DANOVY DOKLAD', 'cislo 20240311', cells('Dodavatel:', 'Odberatel:'), cells('Truhlarstvi Moravec s.r.o.', 'Penzion U Lipy'),
      cells('ICO:41526378', 'ICO:27384950'), cells(id, 'DIC: CZ27384950'), cells('Datum vystaveni:', '11.03.2024'), cells('Celkem bez DPH:', '2 400,00 K'), cells('DPH celkem:', '504,00 K'),
      cells('Celkem k uhrade:', '2 904,00 K')], 'ocr');
    for (const [id, currency] of [['DIC:CZ41526378', 'CZK'], ['IC DPH: SK2020415263', 'EUR']]) {
      const p = doc(id);
      expect(value(fieldsOf(p, EVAL_SCHEMA, classifyDocument(p)), 'Currency').value, id).toBe(currency);
    }
  });
});

describe('a Croatian receipt\'s tax summary whose header OCR merged', () => {
  it('gives the base and the tax from its rows\' arithmetic ("Porez Osnovica | Iznos poreza")', () => {
    const p = page(['MLIN PEKARNA j.d.o.o.', 'Riva 4, 51000 Rijeka', 'OIB:40212345678', 'RACUN br. 118/PP2/1', cells('Datum:03.09.2024.', '17:02'), cells('Naziv Kol. Cijena', 'Iznos'),
      'Burek sa sirom', '6,40', '2×3,20', 'Jogurt 0,5L', cells('3×1,60', '4,80'), cells('UKUPNO EUR:', '11,20'), cells('Porez Osnovica', 'Iznos poreza'), cells('PDV 25% 0 3,84', '0,96'),
      cells('PDV 13%', '5,66', '0,74'), cells('Ukupno 9,50', '1,70'), cells('Nacin placanja:', 'Novcanice')], 'ocr');
    const f = fieldsOf(p, EVAL_SCHEMA, classifyDocument(p));
    expect(['Subtotal', 'Tax', 'Total'].map((t) => value(f, t).value)).toEqual([9.5, 1.7, 11.2]);
  });
});

describe('a buyer\'s heading OCR misspelt beside the seller\'s', () => {
  it('names no one: the vendor is the name under "Dodavatel", not "Ocberatel:"', () => {
    const p = page(['FAKTURA - DANOVY DOKLAD', 'cislo 20240877', cells('Dodavatel.', 'Ocberatel:'), cells('Kamenictvi Hruby s.r.o.', 'Restaurace U Mostu'), cells('Palackeho 8', 'Namesti 2'),
      cells('ICO:61234578', 'ICO:70412356'), cells('Datum vystaveni:', '04.09.2024'), cells('Celkem k uhrade:', '8 470,00 Kc')], 'ocr');
    expect(value(fieldsOf(p, EVAL_SCHEMA, classifyDocument(p)), 'Vendor Name').value).toBe('Kamenictvi Hruby s.r.o.');
  });
});

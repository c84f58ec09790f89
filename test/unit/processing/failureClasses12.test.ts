import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/service/processing/doctype.js';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { EVAL_SCHEMA } from '../../eval/score.js';
import { valuesOf } from './helpers.js';

// Failure classes of the twelfth held-out set (blind for its first read, 2026-11-28, a tuning set since):
// the item tables of Slovenian, Serbian and Croatian računi ("Opis  Kol.  Cena  DDV %  Vrednost") and of
// Estonian, Lithuanian and Latvian invoices ("Kirjeldus  Kogus  Ühiku hind  Summa", "Pavadinimas  Kiekis
// Kaina  Suma"), whose column names no list knew; a parking ticket's or a toll's one charge (the time parked,
// the vehicle's class), an item though it is alone; totals labels printed with their accents ("Summa käibemaksuta",
// "Kopā bez PVN"), which ended no table; a Belgian "Offre de prix" and a US clinic's "Pre-treatment estimate", quotes;
// a Baltic invoice's title ("ARVE", "PVM SĄSKAITA FAKTŪRA") and series line ("Serija RH Nr. 012216") taken for its vendor;
// a US clinic's "Statement #", a Serbian "Valuta plaćanja" and a Flemish "Vervaldag" no list knew; an Irish "Ltd" placed in the UK. Pages made by hand, with other names and figures
// (linesFromText: cells two spaces apart).

const page = (lines: string[], source: 'text' | 'ocr' = 'text'): PageLayout[] => [{ number: 1, width: 900, height: 1200, source, quality: source === 'text' ? 1 : 0.95, lines: linesFromText(lines.join('\n'), 1) }];
const cells = (...c: string[]) => c.join('      ');
/** Cells in columns 20 characters wide, as a table prints them. */
const cols = (...c: string[]) => c.map((x) => x.padEnd(20)).join('').trimEnd();
const items = (lines: string[], source: 'text' | 'ocr' = 'text') => valuesOf(extractFields(page(lines, source), EVAL_SCHEMA))['Line Items'] as Record<string, unknown>[] | null;

describe('a South Slavic račun\'s item table', () => {
  it('reads "Zap.  Opis  Kol.  Cena  DDV %  Vrednost" (Slovenian)', () => {
    const racun = ['Pekarna Sonce d.o.o.', 'ID za DDV: SI12345678', cells('Kupec:', 'RAČUN št. 2024-00117'), 'Ana Horvat', cells('Datum izdaje:', '12.03.2024'),
      cols('Zap.', 'Opis', 'Kol.', 'Cena', 'DDV %', 'Vrednost'), cols('1.', 'Kruh polnozrnati', '6', '3,20', '9,5', '19,20'), cols('2.', 'Dostava', '1', '12,50', '22', '12,50'),
      cells('Osnova za DDV', '31,70 EUR'), cells('DDV', '4,57 EUR'), cells('Za plačilo', '36,27 EUR')];
    expect(items(racun)).toEqual([
      { Description: 'Kruh polnozrnati', Quantity: 6, 'Unit Price': 3.2, Amount: 19.2 },
      { Description: 'Dostava', Quantity: 1, 'Unit Price': 12.5, Amount: 12.5 },
    ]);
  });

  it('reads "R.br.  Opis  Količina  Cijena  PDV %  Iznos" (Croatian)', () => {
    const racun = ['Stolarija Brod d.o.o.', 'OIB: 12345678901', cells('Kupac:', 'RAČUN br. 88/2023'), 'Ivan Marić', cells('Datum:', '03.05.2023'),
      cols('R.br.', 'Opis', 'Količina', 'Cijena', 'PDV %', 'Iznos'), cols('1.', 'Polica hrastova', '2', '140,00', '25', '280,00'), cols('2.', 'Montaža', '3', '25,00', '25', '75,00'),
      cells('Osnovica', '355,00'), cells('PDV 25%', '88,75'), cells('Ukupno', '443,75')];
    expect(items(racun)?.map((r) => r.Description)).toEqual(['Polica hrastova', 'Montaža']);
  });
});

describe('a Baltic invoice\'s item table', () => {
  it('reads "Kirjeldus  Kogus  Ühiku hind  KM %  Summa" (Estonian)', () => {
    const arve = ['ARVE', 'Saare Kala OÜ', 'Nr. 2023-0412', cells('Maksja', 'Kuupäev: 14.06.2023'), 'Mari Tamm',
      cols('Kirjeldus', 'Kogus', 'Ühiku hind', 'KM %', 'Summa'), cols('Suitsukala karp', '3', '8,40', '22', '25,20'), cols('Kohaletoimetamine', '1', '6,00', '22', '6,00'),
      cells('Summa käibemaksuta', '31,20'), cells('Käibemaks 22%', '6,86'), cells('Tasuda kokku', '38,06')];
    expect(items(arve)).toEqual([
      { Description: 'Suitsukala karp', Quantity: 3, 'Unit Price': 8.4, Amount: 25.2 },
      { Description: 'Kohaletoimetamine', Quantity: 1, 'Unit Price': 6, Amount: 6 },
    ]);
  });

  it('reads "Nosaukums  Daudzums  Cena  PVN %  Summa" (Latvian)', () => {
    const rekins = ['RĒĶINS Nr. 2022/318', 'SIA Koka Meistari', 'Datums: 19.08.2022', cells('Maksātājs', 'Pēteris Kalniņš'),
      cols('Nosaukums', 'Daudzums', 'Cena', 'PVN %', 'Summa'), cols('Galds priedes', '1', '240,00', '21', '240,00'), cols('Piegāde', '2', '15,00', '21', '30,00'),
      cells('Kopā bez PVN', '270,00'), cells('PVN 21%', '56,70'), cells('Kopā apmaksai', '326,70')];
    expect(items(rekins)?.map((r) => [r.Description, r.Quantity, r.Amount])).toEqual([['Galds priedes', 1, 240], ['Piegāde', 2, 30]]);
  });

  it('reads "Pavadinimas  Kiekis  Kaina  Suma" (Lithuanian), one row alone', () => {
    const saskaita = ['PVM SĄSKAITA FAKTŪRA', 'UAB Medžio darbai', 'Serija AB Nr. 004512', 'Išrašymo data: 02.10.2022', cells('Pirkėjas', 'Jonas Petraitis'),
      cols('Pavadinimas', 'Kiekis', 'Kaina', 'Suma'), cols('Lentyna ąžuolinė', '2', '95,50', '191,00'),
      cells('Suma be PVM', '191,00'), cells('PVM 21 %', '40,11'), cells('Iš viso su PVM', '231,11')];
    expect(items(saskaita)).toEqual([{ Description: 'Lentyna ąžuolinė', Quantity: 2, 'Unit Price': 95.5, Amount: 191 }]);
  });
});

describe('a parking ticket\'s or a toll\'s one charge', () => {
  it('is an item alone: the time parked, over the amount\'s own line', () => {
    const ticket = ['Tiefgarage Hauptplatz GmbH', 'Hauptplatz 3, 8010 Graz', 'BELEG', 'Beleg-Nr. 4-20931', cells('Einfahrt', '11.05.2021 09:02'), cells('Ausfahrt', '11.05.2021 12:47'),
      cells('Parkdauer 3 Std 45 Min', '13,50'), cells('Betrag EUR', '13,50'), cells('enth. USt 20%', '2,25'), 'Bankomat'];
    expect(items(ticket, 'ocr')).toEqual([{ Description: 'Parkdauer 3 Std 45 Min', Quantity: 1, 'Unit Price': 13.5, Amount: 13.5 }]);
  });

  it('is an item alone: a French car park\'s hours ("2h30") and a toll\'s vehicle class', () => {
    const parking = ['Parking Gare Sud', '4 rue de la Gare, 69002 Lyon', 'RECU', 'Ticket n° 5518203', cells('Entree', '07/09/2022 08:10'), cells('Sortie', '07/09/2022 10:40'),
      cells('Stationnement 2h30', '7,50'), cells('Montant TTC', '7,50'), cells('dont TVA 20%', '1,25'), 'CB sans contact'];
    expect(items(parking)?.map((r) => r.Description)).toEqual(['Stationnement 2h30']);
    const toll = ['Autoroutes du Nord', 'Gare de péage de Arras', 'TICKET DE PÉAGE', 'N° transaction 7720145', '21/01/2023 17:05', 'Entrée: Lens',
      cells('Classe 1', '9,40'), cells('Montant TTC', '€9,40'), cells('dont TVA 20%', '1,57'), 'Bonne route'];
    expect(items(toll)?.map((r) => r.Description)).toEqual(['Classe 1']);
  });

  it('a lone line of another kind, equal to the total, stays no list', () => {
    const receipt = ['Bäckerei Korn', 'Hauptstraße 1, 8010 Graz', 'BELEG', cells('Einkauf', '4,80'), cells('Betrag EUR', '4,80'), 'Bar'];
    expect(items(receipt, 'ocr') ?? null).toBeNull();
  });
});

describe('a quote under a title no list knew', () => {
  it('a Belgian "Offre de prix" and a clinic\'s "Pre-treatment estimate" (beside its name) are no invoices', () => {
    const offre = ['Menuiserie Dupont SRL', 'Rue Haute 4, 1000 Bruxelles', 'N° TVA BE 0123.456.789', 'OFFRE DE PRIX', cells('Date', '02/03/2021'),
      cols('Désignation', 'Qté', 'Prix unit. HTVA', 'Total HTVA'), cols('Porte chêne', '2', '410,00', '820,00'), cells('Total HTVA', '€ 820,00'), cells('TVA 21 %', '€ 172,20'), cells('Total TVAC', '€ 992,20')];
    expect(classifyDocument(page(offre)).type).toBe('other');
    const estimate = [cells('Riverside Dental Care, PLLC', 'PRE-TREATMENT ESTIMATE'), '120 Main St, Ste 2', cells('Date', '03/15/2022'), cells('Patient', 'Jane Doe'),
      cols('Code', 'Description', 'Units', 'Fee'), cols('D2740', 'Crown porcelain', '1', '1,150.00'), cells('Total Estimated Fees', '1,150.00'), cells('Est. Patient Portion', '575.00')];
    expect(classifyDocument(page(estimate, 'ocr')).type).toBe('other');
  });
});

describe('a Baltic invoice\'s title and series line', () => {
  it('"PVM SĄSKAITA FAKTŪRA", "ARVE" and "Serija LK Nr. 031877" name no vendor', () => {
    const saskaita = ['PVM SĄSKAITA FAKTŪRA', 'MB Liepų dirbtuvės', 'Serija LK Nr. 031877', 'Išrašymo data: 11.03.2023', cells('Pirkėjas', 'Apmokėti iki: 25.03.2023'), cells('UAB Nordlink', 'Užsakymo Nr.: 552100'),
      cols('Pavadinimas', 'Kiekis', 'Kaina', 'Suma'), cols('Lentyna ąžuolinė', '2', '95,50', '191,00'),
      cells('Suma be PVM', '191,00'), cells('PVM 21 %', '40,11'), cells('Iš viso su PVM', '231,11'), cells('MB Liepų dirbtuvės', 'Įmonės kodas 30412345')];
    expect(valuesOf(extractFields(page(saskaita, 'ocr'), EVAL_SCHEMA))['Vendor Name']).toBe('MB Liepų dirbtuvės');
    const arve = ['ARVE', 'Saare Kala OÜ', 'Nr. 2023-0412', cells('Maksja', 'Kuupäev: 14.06.2023'), 'Mari Tamm', cols('Kirjeldus', 'Kogus', 'Ühiku hind', 'Summa'), cols('Suitsukala karp', '3', '8,40', '25,20'),
      cells('Summa käibemaksuta', '25,20'), cells('Käibemaks 22%', '5,54'), cells('Tasuda kokku', '30,74'), cells('Saare Kala OÜ', 'Reg. kood 12345678')];
    expect(valuesOf(extractFields(page(arve, 'ocr'), EVAL_SCHEMA))['Vendor Name']).toBe('Saare Kala OÜ');
  });
});

describe('labels of a number and a due date no list knew', () => {
  it('a US clinic\'s "Statement #" numbers its bill', () => {
    const statement = ['Pine Hill Pediatrics', 'STATEMENT', '41 Oak St, Ste 200', 'Denver, CO 80203', cells('Statement Date', '05/02/2022'), cells('Statement #', '5528104'), cells('Account #', '30215'),
      cells('Please pay by', '05/23/2022'), cells('Amount Due', '$85.00'), cols('Date', 'Code', 'Description', 'Charge'), cols('04/11/2022', '99213', 'Office visit', '85.00'), cells('Balance Due', '$85.00')];
    expect(valuesOf(extractFields(page(statement, 'ocr'), EVAL_SCHEMA))['Invoice Number']).toBe('5528104');
  });

  it('a Serbian "Valuta plaćanja" and a Flemish "Vervaldag" are due dates', () => {
    const racun = ['Stolarija Drvo d.o.o.', 'PIB:101234567 MB:07654321', cells('Kupac:', 'RAČUN br. 114/2023'), 'Milan Jovanović', cells('Datum izdavanja:', '03.04.2023.'), cells('Datum prometa:', '03.04.2023.'),
      cells('Valuta plaćanja:', '18.04.2023.'), cols('R.br.', 'Opis', 'Kol.', 'Cena', 'Iznos'), cols('1.', 'Polica', '2', '4.500,00', '9.000,00'), cells('Osnovica', '9.000,00 din.'), cells('PDV 20%', '1.800,00 din.'), cells('Ukupno za uplatu', '10.800,00 din.')];
    expect(valuesOf(extractFields(page(racun), EVAL_SCHEMA))['Due Date']).toBe('2023-04-18');
    const factuur = ['Schrijnwerkerij Peeters BV', 'Btw BE 0456.789.123', 'FACTUUR', cells('Factuurnr.', '2022/0415'), cells('Factuurdatum', '07/06/2022'), cells('Vervaldag', '07/07/2022'),
      cols('Omschrijving', 'Aantal', 'Eenheidsprijs', 'Totaal excl. btw'), cols('Werkuren', '4', '55,00', '220,00'), cells('Totaal excl. btw', '220,00'), cells('Btw 21%', '46,20'), cells('Totaal incl. btw', '266,20')];
    expect(valuesOf(extractFields(page(factuur), EVAL_SCHEMA))['Due Date']).toBe('2022-07-07');
  });
});

describe('an Irish "Ltd"', () => {
  it('is in euro where its VAT number is Irish, though "Ltd" is the UK\'s form too', () => {
    const invoice = ['Corrib Joinery Ltd', '14 Quay Street, Galway', 'VAT Reg. No. IE6388047V', 'INVOICE', cells('Invoice No.', 'INV-2231'), cells('Date', '12 Mar 2021'),
      cols('Description', 'Qty', 'Unit Price', 'Net'), cols('Oak shelving', '2', '120.00', '240.00'), cells('Net Total', '240.00'), cells('VAT @ 23%', '55.20'), cells('Invoice Total', '295.20')];
    expect(valuesOf(extractFields(page(invoice), EVAL_SCHEMA)).Currency).toBe('EUR');
  });
});

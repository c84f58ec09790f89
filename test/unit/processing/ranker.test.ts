import { describe, expect, it } from 'vitest';
import { FEATURES, RANKED_ROLES, vendorCandidates } from '../../../src/service/processing/extract/rank/features.js';
import { buildContext } from '../../../src/service/processing/extract/context.js';
import { calibrated, choose, fitCalibrator, sureThreshold, train, type Sample } from '../../../src/service/processing/extract/rank/model.js';
import { committedWeights, modelFor } from '../../../src/service/processing/extract/rank/ranker.js';
import { calibrationKey, extractFields, readByRules } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import type { ExtractedField, SchemaForExtraction } from '../../../src/service/processing/types.js';
import { tidyVendorName, withoutRegistration } from '../../../src/service/processing/extract/vendor.js';
import { amountsIn, parseAmount } from '../../../src/service/processing/parse/amounts.js';
import { INVOICE_SCHEMA } from './helpers.js';

// The ranker's model: a conditional logit over a document's candidates, and the
// calibration that makes 0.9 mean "sure".

/** One page of text laid out by linesFromText: an A4 text layer unless told otherwise. */
function textPage(text: string, page: Partial<PageLayout> = {}): PageLayout[] {
  return [{ number: 1, width: 595, height: 842, source: 'text', quality: 1, ...page, lines: linesFromText(text, 1) }];
}
/** A till receipt as a scan. */
const TILL_SCAN: Partial<PageLayout> = { width: 300, height: 900, source: 'ocr', quality: 0.8 };

/** A seeded generator, so the synthetic documents are the same on every run. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** Documents whose right candidate has a label word (feature 0) most of the time and sits low (feature 1). */
function documents(n: number, seed: number): Sample[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => {
    const k = 3 + Math.floor(r() * 5);
    const right = Math.floor(r() * k);
    const xs = Array.from({ length: k }, (_, i) => [i === right ? (r() < 0.85 ? 1 : 0) : (r() < 0.1 ? 1 : 0), i === right ? 0.8 + r() * 0.2 : r(), r()]);
    return { xs, right: xs.map((_, i) => i === right) };
  });
}

describe('ranker model', () => {
  it('learns which features mark the right candidate and picks it on documents it did not see', () => {
    const w = train(documents(200, 1), 3);
    expect(w[0]).toBeGreaterThan(0);
    expect(w[1]).toBeGreaterThan(0);
    const test = documents(200, 2);
    const hits = test.filter((s) => {
      const pick = choose(w, s.xs, s.xs.map((_, i) => i));
      return pick !== null && s.right[pick.index];
    }).length;
    // Untrained, picking at random would be right about one time in five.
    expect(hits / test.length).toBeGreaterThan(0.8);
  });

  it('sums the probability of a value read in several places', () => {
    const w = [1];
    // "12.50" twice at score 0, "99.00" once at score 0.5: the repeated value wins.
    const pick = choose(w, [[0], [0.5], [0]], ['12.50', '99.00', '12.50']);
    expect(pick?.value).toBe('12.50');
    expect(pick?.p).toBeGreaterThan(0.5);
  });

  it('marks as sure only what was right at least 99% of the time on held-out points', () => {
    const points = [
      ...Array.from({ length: 40 }, (_, i) => ({ x: 0.95 + i / 1000, right: true })),
      { x: 0.9, right: false },
      ...Array.from({ length: 40 }, (_, i) => ({ x: 0.5 + i / 100, right: i % 2 === 0 })),
    ];
    // The 40 right points from 0.95 up, but not the 20 lowest of them: the wrong one at 0.9 is among
    // the next 20 points from each of those (the window of sureThreshold).
    expect(sureThreshold(points)).toBeCloseTo(0.969, 5);
    expect(sureThreshold(points.map((p) => ({ ...p, right: false })))).toBe(2);
  });

  it('does not let a reliable top vouch for a weak tail', () => {
    // 300 values right from 0.99 down to 0.84, then 15 from 0.6 down to 0.53 of which 2 were wrong:
    // 313 of 315 right (99.4%) from the top all the way down, but the tail itself is 87% right.
    const top = Array.from({ length: 300 }, (_, i) => ({ x: 0.99 - i * 0.0005, right: true }));
    const tail = Array.from({ length: 15 }, (_, j) => ({ x: 0.6 - j * 0.005, right: j !== 7 && j !== 14 }));
    const threshold = sureThreshold([...tail, ...top]);
    expect(threshold).toBeGreaterThan(0.6);
    // It stops 20 points above the first wrong one (the 308th value): at the 288th, 0.99 - 287 * 0.0005.
    expect(threshold).toBeCloseTo(0.8465, 5);
    // A tail of too few values to vouch for is not sure either, though every one of them was right.
    const thin = sureThreshold([...top, { x: 0.5, right: true }, { x: 0.3, right: true }]);
    expect(thin).toBeGreaterThan(0.5);
    // A top right throughout and long enough is sure down to where 20 values are left.
    expect(sureThreshold(top)).toBeCloseTo(0.99 - 280 * 0.0005, 5);
  });

  it('keeps values under the sure threshold below 0.9 and lifts those above it to at least 0.9', () => {
    const cal = { a: 1, b: 0, c: 0, sure: 0.8 };
    expect(calibrated(cal, 0.85, 1)).toBeGreaterThanOrEqual(0.9);
    expect(calibrated(cal, 0.7, 1)).toBeLessThan(0.9);
    expect(calibrated({ ...cal, sure: 2 }, 0.99, 1)).toBeLessThan(0.9);
    const fitted = fitCalibrator(Array.from({ length: 100 }, (_, i) => ({ p: i / 100, quality: 1, right: i >= 50 })));
    expect(calibrated(fitted, 0.9, 1)).toBeGreaterThan(calibrated(fitted, 0.2, 1));
  });
});

describe('committed weights', () => {
  it('exist for every ranked field and match the features the code computes (retrain after changing them: npm run train)', () => {
    const weights = committedWeights();
    expect(weights).not.toBeNull();
    for (const role of RANKED_ROLES) {
      const model = modelFor(weights, role);
      expect(model, role).toBeDefined();
      expect(model!.w).toHaveLength(FEATURES[role].length);
    }
  });
});

const byTitle = (fields: ExtractedField[]) => Object.fromEntries(fields.map((f) => [f.title, f]));

describe('confidence of what no calibrator vouches for', () => {
  const page = (text: string) => textPage(text, { width: 600, height: 800 });
  const schema: SchemaForExtraction = {
    ...INVOICE_SCHEMA,
    fields: [...INVOICE_SCHEMA.fields, { id: 'f9', title: 'Purchase Order', type: 'STRING' }],
  };
  const doc = page('Supplier: Fabrikam Trading Ltd\nINVOICE\nInvoice Number: F-77\nPurchase Order: PO-4411\nDate: 2024-03-05\nTotal: 120.00 EUR');

  it('is never "sure" (>= 0.9): a custom field and a vendor read beside its label keep the rules value below 0.9', () => {
    const rules = byTitle(extractFields(doc, schema, { ranker: null }));
    const read = byTitle(extractFields(doc, schema));
    expect(read['Purchase Order'].value).toBe('PO-4411');
    expect(read['Vendor Name'].value).toBe('Fabrikam Trading Ltd');
    // The rules alone are confident about both; no held-out evidence backs that, so neither is sure.
    expect(rules['Purchase Order'].confidence).toBeGreaterThanOrEqual(0.9);
    expect(read['Purchase Order'].confidence).toBeLessThan(0.9);
    expect(read['Vendor Name'].confidence).toBeLessThan(0.9);
    expect(calibrationKey(readByRules(doc, schema), schema.fields.findIndex((f) => f.title === 'Vendor Name'))).toBe('vendorLabelled');
  });

  it('reads "Pay before" as the due date, and flags an issue date that is that same date', () => {
    const fields = byTitle(extractFields(page('Greenway Telecom Ltd\nYour bill\nAmount to pay: 841.28 GBP\nPay before: 25 May 2023\nTotal charges: 841.28'), INVOICE_SCHEMA));
    expect(fields['Due Date'].value).toBe('2023-05-25');
    // The only date printed: read as the issue date too, but not as a sure one.
    expect(fields['Invoice Date'].value).toBe('2023-05-25');
    expect(fields['Invoice Date'].confidence).toBeLessThan(0.9);
  });

  it('flags both dates when the due date comes before the issue date, and a date outside any plausible range', () => {
    const dated = (issue: string, due: string) =>
      byTitle(extractFields(page(`ACME Ltd\nINVOICE\nInvoice Number: A-1\nInvoice Date: ${issue}\nDue Date: ${due}\nTotal: 10.00 EUR`), INVOICE_SCHEMA));
    const fine = dated('2024-03-05', '2024-04-04');
    expect(fine['Due Date'].value).toBe('2024-04-04');
    expect(fine['Due Date'].confidence).toBeGreaterThan(0.5);
    expect(fine['Invoice Date'].confidence).toBeGreaterThan(0.5);
    const swapped = dated('2024-04-04', '2024-03-05');
    expect(swapped['Due Date'].confidence).toBeLessThanOrEqual(0.5);
    expect(swapped['Invoice Date'].confidence).toBeLessThanOrEqual(0.5);
    expect(dated('1971-03-05', '1971-04-04')['Invoice Date'].confidence).toBeLessThanOrEqual(0.5);
  });
});

describe('vendor names', () => {
  const receipt = (head: string) => textPage(`${head}\nNO. 12, JALAN MERANTI, 47100 PUCHONG\nTEL: 03-8888 1234\nTAX INVOICE\nDate: 12/03/2018\nBREAD 2.50\nTOTAL 2.50\nCASH 5.00\nCHANGE 2.50`, TILL_SCAN);
  it.each([
    ['GARDENIA BAKERIES (KL) SDN BHD (139386 X)', 'GARDENIA BAKERIES (KL) SDN BHD'],
    ["KING'S CONFECTIONERY S/B 273500-U (KSB)", "KING'S CONFECTIONERY S/B"],
    ['MR. D.I.Y. (M) SDN BHD', 'MR. D.I.Y. (M) SDN BHD'],
  ])('leave out a registration number printed after the name: %s', (head, name) => {
    expect(byTitle(extractFields(receipt(head), INVOICE_SCHEMA))['Vendor Name'].value).toBe(name);
    expect(byTitle(extractFields(receipt(head), INVOICE_SCHEMA, { ranker: null }))['Vendor Name'].value).toBe(name);
  });
  it('knows a registration number by its shape, OCR slips included, and leaves other numbers alone', () => {
    expect(withoutRegistration('99 SPEED MART S/B (S19537-X)')).toBe('99 SPEED MART S/B');
    expect(withoutRegistration('AEON CO. (M) BHD (126926-H)')).toBe('AEON CO. (M) BHD');
    expect(withoutRegistration('GARDENIA BAKERIES (KL) SDN BHD (1B9386X)')).toBe('GARDENIA BAKERIES (KL) SDN BHD');
    expect(withoutRegistration('ROOM 12345 B')).toBe('ROOM 12345 B');
    expect(withoutRegistration('Hotel 2000 A')).toBe('Hotel 2000 A');
    expect(withoutRegistration('(519537-X)')).toBe('(519537-X)');
  });
  it('mends what OCR misread in a name: digits in words, one letter of the legal form, small print joined on', () => {
    expect(tidyVendorName('PERNIAGAAN ZHENG HU1', true)).toBe('PERNIAGAAN ZHENG HUI');
    expect(tidyVendorName("KING'S CONFECTI0NERY S/B", true)).toBe("KING'S CONFECTIONERY S/B");
    expect(tidyVendorName('URBAN 1DEA SDN BHD (417940-M),', true)).toBe('URBAN IDEA SDN BHD');
    expect(tidyVendorName('WAHIN HARDWARE SIN BHI', true)).toBe('WAHIN HARDWARE SDN BHD');
    expect(tidyVendorName('Timeless Kitchenette Sdn Bnd', true)).toBe('Timeless Kitchenette Sdn Bhd');
    expect(tidyVendorName('99 SPEED MART S/9', true)).toBe('99 SPEED MART S/B');
    expect(tidyVendorName('tan woon yann YONGFATT ENTERPRISE', true)).toBe('YONGFATT ENTERPRISE');
    expect(tidyVendorName('THREE   STOOGES', true)).toBe('THREE STOOGES');
    // What is not a slip stays: numbers, ordinals, a name in one case, and anything on a text layer.
    expect(tidyVendorName('99 SPEED MART S/B', true)).toBe('99 SPEED MART S/B');
    expect(tidyVendorName('1ST AVENUE TRADING', true)).toBe('1ST AVENUE TRADING');
    expect(tidyVendorName('de Vries Bouw', true)).toBe('de Vries Bouw');
    expect(tidyVendorName('Studio 8Bit GmbH', false)).toBe('Studio 8Bit GmbH');
    expect(tidyVendorName('WAHIN HARDWARE SIN BHI', false)).toBe('WAHIN HARDWARE SIN BHI');
  });
  it('joins a name whose legal form is printed on the next line', () => {
    expect(byTitle(extractFields(receipt('POPULAR BOOK\nCO. (M) SDN BHD'), INVOICE_SCHEMA))['Vendor Name'].value).toBe('POPULAR BOOK CO. (M) SDN BHD');
  });
  it('mends more of what OCR does to a name: many zeros for Os, a glued legal form, "&" read as B, full-width brackets', () => {
    expect(tidyVendorName('KMF F00DICI0US SDN BHD （1132106-H)', true)).toBe('KMF FOODICIOUS SDN BHD');
    expect(tidyVendorName('Segi Cash & Carry Sdn.Rhd', true)).toBe('Segi Cash & Carry Sdn.Bhd');
    expect(tidyVendorName('SEGI CASH & CARRY SDN.8HD', true)).toBe('SEGI CASH & CARRY SDN.BHD');
    expect(tidyVendorName('TEO HENG STATIONERY B BOOKS', true)).toBe('TEO HENG STATIONERY & BOOKS');
    expect(withoutRegistration('COSWAY (M SDN BHD E0118-A)')).toBe('COSWAY (M SDN BHD');
    // A B that ends a name, a word with more digits than letters allow, and the same on a text layer stay.
    expect(tidyVendorName('PLAN B', true)).toBe('PLAN B');
    expect(tidyVendorName('A1B2C3 TRADING', true)).toBe('A1B2C3 TRADING');
    expect(tidyVendorName('STATIONERY B BOOKS', false)).toBe('STATIONERY B BOOKS');
  });
  it("takes the company printed after a colon ('OWN BY: ...'), and the whole line when OCR put a colon after one short word", () => {
    expect(byTitle(extractFields(receipt('OLD ASIA\nOWN BY: CHEF LEE SDN BHD\nCO.NO.(458592-T)'), INVOICE_SCHEMA))['Vendor Name'].value).toBe('CHEF LEE SDN BHD');
    expect(byTitle(extractFields(receipt('THE: TOAST F&B SDN BHD (965752-T)'), INVOICE_SCHEMA))['Vendor Name'].value).toBe('THE TOAST F&B SDN BHD');
  });
  it("passes over a receipt's closing words and a label printed at its head for the company under them", () => {
    const head = 'Thank You. Please come again.\nFor feedback or complaint, please call:\n011-3194 0284\nSegi Cash & Carry Sdn.Bhd\n(317041-W)';
    expect(byTitle(extractFields(receipt(head), INVOICE_SCHEMA))['Vendor Name'].value).toBe('Segi Cash & Carry Sdn.Bhd');
  });
  it("prefers the company's legal name to the brand over it, and never a line that opens with the legal form", () => {
    expect(byTitle(extractFields(receipt('SUSHI MENTAI - PANDAN INDAH\nKMF FOODICIOUS SDN BHD (1132106-H)'), INVOICE_SCHEMA))['Vendor Name'].value).toBe('KMF FOODICIOUS SDN BHD');
    expect(byTitle(extractFields(receipt('PERNIAGAAN  RIANG RIA'), INVOICE_SCHEMA))['Vendor Name'].value).toBe('PERNIAGAAN RIANG RIA');
    expect(byTitle(extractFields(receipt('PERNIAGAAN\nRIANG RIA'), INVOICE_SCHEMA))['Vendor Name'].value).toBe('PERNIAGAAN RIANG RIA');
  });
  it('knows a buyer heading OCR misread by a letter or two, and leaves the company under it to the buyer', () => {
    const head = 'Sabine Weber                         Rechnangsenpfanger\nTechnik Schmidt KG                   Acme Corporation Ltd\nLeopoldstrasse 112                   No. 8, Jalan Ampang';
    expect(byTitle(extractFields(receipt(head), INVOICE_SCHEMA))['Vendor Name'].value).toBe('Technik Schmidt KG');
    expect(byTitle(extractFields(receipt(head), INVOICE_SCHEMA, { ranker: null }))['Vendor Name'].value).toBe('Technik Schmidt KG');
  });
  it("takes the company printed under an owner's or contact's name, and leaves it for a person to check", () => {
    for (const [head, name] of [['LIM AH KOW\nAEON MAJU TRADING', 'AEON MAJU TRADING'], ['James Finch\nHarbour & Finch LLP', 'Harbour & Finch LLP']]) {
      const vendor = byTitle(extractFields(receipt(head!), INVOICE_SCHEMA))['Vendor Name'];
      expect(vendor.value).toBe(name);
      expect(vendor.confidence).toBeLessThan(0.9);
    }
  });
});

describe('totals on cash receipts', () => {
  const receipt = (body: string) => textPage(`KEDAI RUNCIT MAJU ENTERPRISE\nNO. 3, JALAN BESAR, 43000 KAJANG\nTAX INVOICE\nDate: 12/03/2018\n${body}\nTHANK YOU`, TILL_SCAN);
  const total = (body: string) => byTitle(extractFields(receipt(body), INVOICE_SCHEMA))['Total'].value;

  it('take the rounded figure after a rounding adjustment, printed or added', () => {
    expect(total('SUGAR 2 x 13.64 27.28\nTotal Sales (Inclusive GST) RM 27.28\nRounding Adjustment RM 0.02\nRounding RM 27.30\nCASH 50.00\nCHANGE 22.70')).toBe(27.3);
    expect(total('RICE 72.93\nTotal: 72.93\nRND ADJ 0.02\nCASH 100.00\nCHANGE 27.05')).toBe(72.95);
    // No rounding line: the total stands as printed.
    expect(total('RICE 72.93\nTotal: 72.93\nCASH 100.00\nCHANGE 27.07')).toBe(72.93);
  });

  it('take neither the tax included in the total nor a zero for the total', () => {
    expect(total('KAYA PUFF 4 1.60 6.40\nSLICE CAKE 8.70\nCHEESE TART 3.40\nOty 8 25.15\nDue 25.15\nPay 25.15\nChange 0.00\n(Total Included GST @ 6% 1.42)')).toBe(25.15);
    expect(total('FRIES 6.00\nTotal Rounded 28.50\nCash Tendered 50.00\nChange 21.50\nTOTAL INCLUDES 6% GST 1.61')).toBe(28.5);
    expect(total('PLUG TOP 3 8.00 24.00\nGross Amt 36.00\nGST (6%) 0.00\nNet Amt : 36.00\nChange : 0.00\nRound Adj. : 0.00')).toBe(36);
  });

  it('take no saving or discount printed as a minus for the total', () => {
    expect(total('70g P.Copy 2 13.69 27.38\nStat-Great Saving -6.40\nTotal RM Incl. of GST 20.98\nRounding Adj 0.02\nTotal RM 21.00\nCash 50.00\nCHANGE 29.00\nTotal Savings -6.40')).toBe(21);
  });

  it('read a decimal point OCR took for a hyphen, and no hyphen between digits as a minus', () => {
    expect(amountsIn('TOTAL   22-60')).toEqual([22.6]);
    expect(parseAmount('22-60')).toBe(22.6);
    expect(amountsIn('Total 120.00-')).toEqual([-120]);
    expect(amountsIn('Date 10-05-2017').every((a) => a >= 0)).toBe(true);
    expect(amountsIn('Tel 03-78870693').every((a) => a >= 0)).toBe(true);
  });
});

describe('invoice number labels', () => {
  const invoice = (head: string) => textPage(`Distribuciones García S.A.\n${head}\nFecha:      21/02/2017\nSubtotal    100,00\nTotal       121,00`);
  it.each([
    ['Rectificativa N.º:      CN-2017-1241', 'CN-2017-1241'],
    ['Rechnungs-Nr.      F201764569', 'F201764569'],
    ['Hotel Invoice No.      R2018/92536', 'R2018/92536'],
  ])('reads %s (a short excluded word only as a word: "Rectificativa" holds no "iva")', (head, number) => {
    expect(byTitle(extractFields(invoice(head), INVOICE_SCHEMA))['Invoice Number'].value).toBe(number);
  });
  it('still passes over a tax number and the invoice a credit note corrects', () => {
    expect(byTitle(extractFields(invoice('IVA No.      ES433580895\nFactura rectificada:      RE-2017-7949'), INVOICE_SCHEMA))['Invoice Number'].value).toBeNull();
  });
});

describe('a Japanese invoice as OCR reads it', () => {
  const scan = textPage('請求書\n請求番号：210517-869\n丸山建設株式会社御中\n請求日：2021年5月17日\n登録番号：T4704590739837\n下記の通り   ご請求申   し上げます。   合同会社   技研\n大阪府大阪市北区梅田2-4-9\nご請求金額 ￥263,952（税込）\nTEL 03-3564-7569\n支   期限：2021年6月16日\n小計   ￥244,400\n消費税（8%）   ￥19,552\n合計   ￥263,952', { source: 'ocr', quality: 0.85 });
  it('reads the number beside 請求番号 and the due date beside a 期限 whose 支払 OCR broke', () => {
    const f = byTitle(extractFields(scan, INVOICE_SCHEMA));
    expect(f['Invoice Number'].value).toBe('210517-869');
    expect(f['Due Date'].value).toBe('2021-06-16');
  });
  it('takes no words of the bill itself (請求申, ご請求金額) for the vendor', () => {
    expect(String(byTitle(extractFields(scan, INVOICE_SCHEMA))['Vendor Name'].value)).not.toMatch(/請求/);
  });
});

describe("the rules' vendor read low on the page", () => {
  it('stays a candidate when its name holds letters a registration word also has ("Martin", "Privat"), not when it is a registration', () => {
    const ctx = buildContext(textPage(`${'x\n'.repeat(18)}Augustin Privatbrauerei Martin GmbH\nReg #1101083-T`));
    const values = (vendor: string) => vendorCandidates(ctx, { vendor }).map((c) => c.value);
    expect(values('Augustin Privatbrauerei Martin GmbH')).toContain('Augustin Privatbrauerei Martin GmbH');
    expect(values('Reg #1101083-T')).not.toContain('Reg #1101083-T');
  });
});

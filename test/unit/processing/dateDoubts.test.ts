import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import type { Line, PageLayout } from '../../../src/service/processing/layout/model.js';
import { INVOICE_SCHEMA } from './helpers.js';

// An issue date is not "sure" (>= 0.9) where the page gives weak evidence for it,
// however well its candidate ranked. Generated pages, read as OCR would give them.

const line = (y: number, cells: [number, string][]): Line => {
  const cs = cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * 6 }));
  return { text: cells.map((c) => c[1]).join(' '), cells: cs, x0: cs[0]!.x0, x1: cs[cs.length - 1]!.x1, y0: y, y1: y + 12, page: 1 };
};
const issueDate = (lines: Line[]) => {
  const pages: PageLayout[] = [{ number: 1, width: 600, height: 900, source: 'ocr', quality: 1, lines }];
  return extractFields(pages, INVOICE_SCHEMA).find((f) => f.title === 'Invoice Date')!;
};

describe('issue dates on weak evidence', () => {
  it('a date OCR read on a line whose other words came out garbled', () => {
    const receipt = (tail: string) => issueDate([line(20, [[60, 'Weber Burobedarf GmbH']]), line(40, [[70, 'Leopoldstrasse 112']]),
      line(60, [[20, '1 Schulung'], [200, '38,97 B']]), line(80, [[20, '2 Kaffeebohnen 1 kg'], [150, '4,75'], [200, '9,50 A']]),
      line(100, [[20, 'SUMME'], [170, 'EUR 48,47']]), line(130, [[20, '05.05.2025'], [100, tail]]), line(150, [[40, 'Vielen Dank fur Ihren Einkauf!']])]);
    const garbled = receipt('nr2Kas');
    expect(garbled.value).toBe('2025-05-05');
    expect(garbled.confidence).toBeLessThan(0.9);
    expect(receipt('Bon-Nr. 38222').confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('a date between an issue-date and a due-date label, as near to one as to the other, on neither line', () => {
    const box = (dateY: number) => issueDate([line(20, [[40, 'Your bill']]), line(40, [[40, 'Stark Trading Ltd']]),
      line(100, [[300, 'Pay before']]), line(dateY, [[450, '25 May 2023']]), line(120, [[300, 'Bill date']]),
      line(140, [[300, 'Bill number'], [450, '418487059']]), line(200, [[40, 'Line rental'], [450, '228.96']]), line(220, [[300, 'Total charges'], [450, '228.96']])]);
    const between = box(110);
    expect(between.value).toBe('2023-05-25');
    expect(between.confidence).toBeLessThan(0.9);
  });

  it('a date that reads another way under another day order, on a page where neither its dates nor its country decide', () => {
    // Nothing names a country: no currency, legal form, IBAN or VAT id.
    const receipt = (date: string, sum: string) => issueDate([line(20, [[60, 'Weber Burobedarf']]), line(40, [[70, 'Leopoldstrasse 112']]),
      line(60, [[20, '1 Schulung'], [200, '38,97 B']]), line(80, [[20, '2 Kaffeebohnen 1 kg'], [150, '4,75'], [200, '9,50 A']]),
      line(100, [[20, 'SUMME'], [170, sum]]), line(130, [[20, date], [100, 'Bon-Nr. 38222']]), line(150, [[40, 'Vielen Dank fur Ihren Einkauf!']])]);
    const undecided = receipt('05.06.2025', '48,47');
    expect(undecided.value).toBe('2025-06-05');
    expect(undecided.confidence).toBeLessThan(0.9);
    // The currency names the country, which reads day first; a day above 12 needs no country.
    expect(receipt('05.06.2025', 'EUR 48,47').confidence).toBeGreaterThanOrEqual(0.9);
    expect(receipt('25.06.2025', '48,47').confidence).toBeGreaterThanOrEqual(0.9);
  });

  it("a Swedish receipt's year-first short date, read as the country prints it", () => {
    const kvitto = issueDate([line(20, [[60, 'Hemköp Fältöversten']]), line(40, [[60, 'KVITTO']]), line(60, [[20, '21-02-05 09:23'], [200, 'Kvittonr: 9493']]),
      line(80, [[20, 'Kaffe Zoégas 450g'], [200, '63,50']]), line(100, [[20, 'ATT BETALA'], [200, '63,50']])]);
    expect(kvitto.value).toBe('2021-02-05');
  });
});

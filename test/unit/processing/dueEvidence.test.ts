import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { Line, PageLayout } from '../../../src/service/processing/layout/model.js';
import { INVOICE_SCHEMA } from './helpers.js';

// A due date is "sure" (>= 0.9) only with evidence of its own: an explicit due-date label on its
// line or just above it, no other date read beside such a label, after the issue date, agreeing with
// the printed terms, and not also another date of the document (a Skonto deadline, a delivery).
// Without it the date is still returned, below 0.9, for a person to check. Generated text layers.

const dates = (text: string) => {
  const pages: PageLayout[] = [{ number: 1, width: 595, height: 842, source: 'text', quality: 1, lines: linesFromText(text, 1) }];
  const fields = extractFields(pages, INVOICE_SCHEMA);
  const get = (title: string) => fields.find((f) => f.title === title)!;
  return { due: get('Due Date'), issued: get('Invoice Date') };
};

const invoice = (...middle: string[]) => dates(['Weber Burobedarf GmbH', 'Leopoldstrasse 112, 80802 Munchen', 'RECHNUNG',
  'Rechnungsnummer: RE-2024-0311', 'Rechnungsdatum: 05.03.2024', ...middle,
  'Beratung   1   400,00   400,00', 'Nettobetrag: 400,00 EUR', 'MwSt 19%: 76,00 EUR', 'Gesamtbetrag: 476,00 EUR'].join('\n'));

describe('due dates on evidence of their own', () => {
  it('a due date beside its own label, after the issue date, as the terms say: sure', () => {
    const { due } = invoice('Fällig am: 04.04.2024', 'Zahlbar innerhalb von 30 Tagen netto.');
    expect(due.value).toBe('2024-04-04');
    expect(due.confidence).toBeGreaterThanOrEqual(0.9);
    expect(invoice('Zahlbar bis: 04.04.2024').due.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('a Skonto deadline printed on the due date line', () => {
    const { due } = invoice('Zahlbar bis 19.03.2024 abzüglich 2% Skonto');
    expect(due.value).toBe('2024-03-19');
    expect(due.confidence).toBeLessThan(0.9);
  });

  it('a due date that is also the delivery date', () => {
    const { due } = invoice('Lieferdatum: 04.04.2024', 'Fällig am: 04.04.2024');
    expect(due.value).toBe('2024-04-04');
    expect(due.confidence).toBeLessThan(0.9);
  });

  it('terms that give another date than the one printed', () => {
    const { due } = invoice('Fällig am: 14.03.2024', 'Zahlbar innerhalb von 30 Tagen netto.');
    expect(due.value).toBe('2024-03-14');
    expect(due.confidence).toBeLessThan(0.9);
    expect(invoice('Fällig am: 15.04.2024', 'Zahlbar innerhalb von 30 Tagen netto.').due.confidence).toBeLessThan(0.9);
    // Calendar rounding: a few days, or the end of the month the terms reach.
    expect(invoice('Fällig am: 06.04.2024', 'Zahlbar innerhalb von 30 Tagen netto.').due.confidence).toBeGreaterThanOrEqual(0.9);
    expect(invoice('Fällig am: 30.04.2024', 'Zahlbar innerhalb von 30 Tagen netto.').due.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('a due date on the issue date, or before it', () => {
    expect(invoice('Fällig am: 05.03.2024').due.confidence).toBeLessThan(0.9);
    expect(invoice('Fällig am: 01.03.2024').due.confidence).toBeLessThan(0.9);
  });

  it('two dates beside due-date labels', () => {
    const { due } = invoice('Fällig am: 04.04.2024', 'Zahlbar bis: 19.03.2024');
    expect(due.confidence).toBeLessThan(0.9);
  });

  it('a due date counted from the terms, printed nowhere', () => {
    const { due } = invoice('Zahlbar innerhalb von 30 Tagen netto.');
    expect(due.value).toBe('2024-04-04');
    expect(due.confidence).toBeLessThan(0.9);
  });

  it('a date beside a bare "Due", a word of amounts too', () => {
    const { due } = invoice('Due: 04.04.2024');
    expect(due.value).toBe('2024-04-04');
    expect(due.confidence).toBeLessThan(0.9);
  });

  it('a date read over a label printed under it (a row of values over a row of labels)', () => {
    const line = (y: number, cells: [number, string][]): Line => {
      const cs = cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * 6 }));
      return { text: cells.map((c) => c[1]).join(' '), cells: cs, x0: cs[0]!.x0, x1: cs[cs.length - 1]!.x1, y0: y, y1: y + 12, page: 1 };
    };
    const box = (labelsBelow: boolean) => {
      const values = [[40, 'RE-2024-0311'], [200, '05.03.2024'], [360, '04.04.2024']] as [number, string][];
      const labels = [[40, 'Rechnungsnr.'], [200, 'Rechnungsdatum'], [360, 'Fällig am']] as [number, string][];
      const pages: PageLayout[] = [{ number: 1, width: 595, height: 842, source: 'text', quality: 1, lines: [
        line(20, [[40, 'Weber Burobedarf GmbH']]), line(40, [[40, 'RECHNUNG']]),
        line(80, labelsBelow ? values : labels), line(96, labelsBelow ? labels : values),
        line(140, [[40, 'Beratung'], [300, '1'], [360, '400,00'], [450, '400,00']]),
        line(180, [[300, 'Nettobetrag'], [450, '400,00 EUR']]), line(196, [[300, 'MwSt 19%'], [450, '76,00 EUR']]), line(212, [[300, 'Gesamtbetrag'], [450, '476,00 EUR']])] }];
      return extractFields(pages, INVOICE_SCHEMA).find((f) => f.title === 'Due Date')!;
    };
    expect(box(false).value).toBe('2024-04-04');
    // Under its label it has the evidence, but the rules read a row of labels over a row of values
    // less confidently than training vouched for (the due date's sure threshold leaves out its lowest
    // training points, sureThreshold): just below sure, above the one read over a label.
    expect(box(false).confidence).toBeGreaterThanOrEqual(0.85);
    expect(box(false).confidence).toBeGreaterThan(box(true).confidence);
    expect(box(true).value).toBe('2024-04-04');
    expect(box(true).confidence).toBeLessThan(0.9);
  });
});

describe('due dates counted from terms that also grant a discount', () => {
  // The discount's days are its deadline, not the due date: the net terms give the due date.
  it.each([
    ['Zahlbar innerhalb von 10 Tagen mit 2% Skonto, innerhalb von 30 Tagen netto.', '2024-04-04'],
    ['Zahlbar innerhalb von 8 Tagen abzgl. 3 % oder 30 Tage netto', '2024-04-04'],
    ['2% discount if paid within 10 days, otherwise net 30', '2024-04-04'],
    ['Escompte de 2 % à 8 jours; paiement à 30 jours', '2024-04-04'],
    ['Payment within 14 days', '2024-03-19'],
    ['Net 30, VAT 20% included', '2024-04-04'],
  ])('%s', (terms, due) => {
    expect(invoice(terms).due.value).toBe(due);
  });

  it('terms that only grant a discount give no due date', () => {
    expect(invoice('Bei Zahlung innerhalb von 10 Tagen 2% Skonto').due.value).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/service/processing/doctype.js';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { INVOICE_SCHEMA } from './helpers.js';

// "Avoir" titles a French credit note, whose amounts are stored negative; the verb avoir after an
// elided d', l', n' ("Merci d'avoir voyagé avec nous", a ride-hail receipt's greeting) does not.
// Generated text layers.

const page = (lines: string[]): PageLayout[] => [{ number: 1, width: 300, height: 656, source: 'text', quality: 1, lines: linesFromText(lines.join('\n'), 1) }];
const ride = (greeting: string) => page(['Hopp Mobility   26 mai 2025', greeting, 'Total   50,11 €', 'Prise en charge   5,80 €',
  'Distance   18,69 €', 'Pourboire   7,50 €', 'dont TVA 10%   4,56 €', 'Montant débité   50,11 €', 'Reçu n° MJ02682525']);

describe('a credit note\'s French title', () => {
  it('"Merci d\'avoir voyagé avec nous" is a receipt\'s greeting: its amounts stay positive', () => {
    const pages = ride("Merci d'avoir voyagé avec nous, Priya");
    expect(classifyDocument(pages).type).not.toBe('credit_note');
    expect(extractFields(pages, INVOICE_SCHEMA).find((f) => f.title === 'Total')!.value).toBe(50.11);
    expect(classifyDocument(ride('Merci de l’avoir choisi')).type).not.toBe('credit_note');
    expect(classifyDocument(page(['Boulangerie Lefèvre   Facture d\'avoir', 'N° d\'avoir:   CN-2020/71155', 'Total TTC   -12,40 €'])).type).toBe('credit_note');
  });

  it('"AVOIR" heading the page is a credit note', () => {
    expect(classifyDocument(page(['Transports Moreau SAS', 'AVOIR N° AV-2024-003', 'Date : 12/03/2024', 'Total TTC   120,00 €'])).type).toBe('credit_note');
  });
});

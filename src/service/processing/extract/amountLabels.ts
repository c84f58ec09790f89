import type { Role } from './roles.js';

// Label words of the amounts in languages and layouts the roles' lists (roles.ts) do not hold yet,
// read by the same label search (lower case; accents are folded away before matching, the Turkish
// dotless ı is not, so both spellings are listed: a font without ı prints an i).

export const MORE_AMOUNT_LABELS: Partial<Record<Role, string[]>> = {
  subtotal: [
    // tr: goods and services total (before tax), subtotal
    'mal hizmet toplam tutarı', 'mal hizmet toplam tutari', 'ara toplam',
    // it: taxable total
    'totale imponibile',
    // en: charges before tax (a utility bill's "Total charges before VAT", a carrier's "Net charges")
    'before vat', 'before tax', 'net charges',
    // a US credit memo's goods credited before tax
    'merchandise credit',
    // "excluding VAT" with the space after the point lost to OCR ("Beløb ekskl.moms")
    'ekskl.moms', 'exkl.moms', 'excl.vat', 'excl.btw', 'eks.mva',
  ],
  tax: [
    // tr: KDV (VAT) computed, per rate or in total
    'hesaplanan kdv', 'toplam kdv', 'kdv toplamı', 'kdv toplami', 'kdv',
    // it: the tax of a rate summary (a bare "imposta" is also the stamp duty, "Imposta di bollo")
    'totale imposta',
  ],
  total: [
    // tr: total with taxes, amount payable
    'vergiler dahil toplam tutar', 'vergiler dahil toplam', 'ödenecek tutar', 'odenecek tutar', 'genel toplam',
    // it
    'totale documento',
  ],
};

// A net amount's label: a tax word after a word for "before" or "without" ("Total charges before VAT",
// "Betrag ohne MwSt", "Total sans TVA"), or the name of the tax's base after it ("KDV Matrahı").
const WITHOUT = '(before|excluding|ohne|vor|sans|hors|sin|senza|zonder|uten|utan|uden|bez)\\s+(the\\s+)?';
const TAX_WORD = '(vat|tax|taxes|gst|mwst|ust|tva|iva|btw|moms|mva|kdv|dph|steuer)';
const NET_BEFORE = new RegExp(`\\b${WITHOUT}$`);
const NET_PHRASE = new RegExp(`\\b${WITHOUT}${TAX_WORD}\\b`);
const BASE_AFTER = /^\s*matrah/;

/**
 * The label found names a net amount, no tax or total: for a tax label, the words before it in its
 * cell (`prefix`) or after it (`rest`), for a total's the whole cell (`cell`), all lower case without accents.
 */
export function namesNet(role: Role, prefix: string, rest: string, cell: string): boolean {
  if (role === 'tax') return NET_BEFORE.test(prefix) || BASE_AFTER.test(rest);
  return role === 'total' && NET_PHRASE.test(cell);
}

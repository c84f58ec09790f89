import type { Role } from './roles.js';

// A net amount's label: a tax word after a word for "before" or "without" ("Total charges before VAT",
// "Betrag ohne MwSt", "Total sans TVA"), or the name of the tax's base after it ("KDV Matrahı").
// The broad lexicon adds the words for "without" of bg/ru/uk, el, lt, is, fi, id and the taxes they name.
const WITHOUT = '(before|excluding|ohne|vor|sans|hors|sin|senza|zonder|uten|utan|uden|bez|без|χωρις|be|an|ilman|tanpa)\\s+(the\\s+)?';
const TAX_WORD = '(vat|tax|taxes|gst|mwst|ust|tva|iva|btw|moms|mva|kdv|dph|steuer|pdv|ddv|ндс|ддс|пдв|φπα|pvm|pvn|vsk|alv|ppn|pajak)';
const NET_BEFORE = new RegExp(`(?<![\\p{L}\\p{N}])${WITHOUT}$`, 'u');
// Edges as letters, not \b: Cyrillic and Greek letters are no word characters to \b.
const NET_PHRASE = new RegExp(`(?<![\\p{L}\\p{N}])${WITHOUT}${TAX_WORD}(?![\\p{L}\\p{N}])`, 'u');
const BASE_AFTER = /^\s*matrah/;

/**
 * The label found names a net amount, no tax or total: for a tax label, the words before it in its
 * cell (`prefix`) or after it (`rest`), for a total's the whole cell (`cell`), all lower case without accents.
 */
export function namesNet(role: Role, prefix: string, rest: string, cell: string): boolean {
  if (role === 'tax') return NET_BEFORE.test(prefix) || BASE_AFTER.test(rest);
  return role === 'total' && NET_PHRASE.test(cell);
}

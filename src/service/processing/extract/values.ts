import type { FieldDefinition } from '../types.js';
import { currencyOf, parseAmount } from '../parse/amounts.js';
import { normLabel } from './context.js';
import { parseDate } from '../parse/dates.js';
import type { DocContext } from './context.js';
import { BUYER, type Role } from './roles.js';

// Turns the text next to a label into a typed value, or null when the text is
// not credible for the field (an id without digits, an amount without one).

const ID_RE = /(?:^|[\s#:：])([A-Z0-9][A-Z0-9\-/_.]*\d[A-Z0-9\-/_.]*|\d[A-Z0-9\-/_.]*)(?=$|[\s,;])/i;

export function parseValue(text: string, field: FieldDefinition, role: Role, ctx: DocContext): unknown {
  const t = text.trim();
  if (!t) return null;
  switch (role) {
    case 'invoiceNumber':
    case 'poNumber':
      return parseId(t, ctx);
    case 'invoiceDate':
    case 'dueDate':
      return parseDate(t, ctx.order);
    case 'total':
    case 'subtotal':
    case 'tax': {
      let t0 = t;
      // A rate next to the label ("VAT 20%") is not the amount.
      // The sign before the figure in Turkish and some other usages ("KDV (%18)", "% 20").
      // A till's rate before "included", its % sign misread by OCR ("VAT 18+ included", "GST @18& incl."): no amount either.
      if (role === 'tax') t0 = t.replace(INCLUDED_RATE, ' ').trim();
      const rates = [...t0.matchAll(RATE)].map((m) => (m[1] ?? m[2])!);
      // A rate and the base it is charged on ("Sales tax (8.88%) on $448.00", "USt. 19 % auf 685,00"): neither is the amount.
      const a = (rates.length ? t0.replace(ON_BASE, ' ') : t0).replace(RATE, ' ').trim();
      const v = /\d/.test(a) && !parseDate(a, ctx.order) ? parseAmount(a, ctx.decimal) : null;
      // The rate said twice, spelled alike, once glued to the tax's name ("IGST18 (18%)", "VAT20 (20%)"):
      // no amount. A tax that happens to equal its rate ("VAT 20%: 20.00" on 100.00) is one.
      return v !== null && rates.includes(a.match(/\d+(?:[.,]\d+)*/)?.[0] ?? '') ? null : v;
    }
    case 'currency':
      // After a currency's own label ("Moneda: CRC") a code that is a word elsewhere (a checksum, a gel) is the currency.
      return currencyOf(t) ?? t.match(/^[\s:]*(CRC|GEL|AMD|LAK)\b/)?.[1] ?? null;
    case 'email':
      return t.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/)?.[0] ?? null;
    case 'url':
      return t.match(/(?:https?:\/\/)?(?:www\.)?[\w-]+(?:\.[\w-]+)+(?:\/\S*)?/i)?.[0] ?? null;
    case 'phone':
      return t.match(/\+?[\d][\d\s().-]{6,}\d/)?.[0].trim() ?? null;
    case 'vendor':
    case 'customer':
      // Another field's label in the next column ("Sold by:  Invoice date / Delivery date") names no one.
      // Nor does the buyer's heading beside the seller's ("Sprzedawca | Nabywca", "Dodavatel: | Odběratel:"), or the rest
      // of a sentence the label word opens ("Dodavatel je plátcem DPH.", "Supplier is not registered for VAT"). A
      // lone word before a colon is a heading, also one OCR misspelt ("Ocberatel:" for "Odběratel:").
      // Nor a phone number's plus ("FROM: +267 589 4725 ACME TO: ...", a fax machine's header).
      return /\p{L}{2}/u.test(t) && !/^\+?\d/.test(t) && !OTHER_LABEL.test(normLabel(t)) && !/^\p{L}+\s?:$/u.test(t)
        && !(role === 'vendor' && (BUYER_HEADING.test(normLabel(t)) || SENTENCE.test(t)))
        ? t.replace(/[,;:]$/, '') : null;
    default:
      return parseByType(t, field, ctx);
  }
}

function parseId(text: string, ctx: DocContext): string | null {
  // The number before the date it is "of" ("Fattura n. 54/2020 del 03/10/2020", "Nr. 118 vom 12.03.2024").
  // A number word left after the label ("Documento n. 71677", "Factura núm. 12"), also glued to the figure by OCR ("No.001-002-000012345").
  const cut = text.split(/\s+(?:del|dd\.?|du|vom|of|dated|de|d\.d\.)\s+(?=\d)/i)[0]!.replace(/^(?:n|nr|no|nro|num|núm|n[º°])(?:\.?\s*:?\s+|\.(?=\d))(?=[A-Z]{0,4}[-/]?\d)/i, '');
  // The "o." of a "No." OCR read as a zero, left after a label "N" ("FACTURA N0.FAC-24235"): no part of the id.
  const t = cut.replace(/^[0o]\.\s*(?=[A-Z]{2,}[-/]?\d)/, '');
  if (parseDate(t, ctx.order) && !/[A-Z]{2}/i.test(t.replace(/\b[A-Za-zäéû]{3,9}\b/g, ''))) return null;
  // The id is the first token next to its label; a longer text (an address, a
  // sentence) that merely contains a number is not an id.
  const [first = '', second = ''] = t.replace(/^[#:\s]+/, '').split(/\s+/);
  // A series code before the number, as Portuguese, Spanish and Polish invoices print it ("FT 2023A1/1721", "FV 2024/10/0162").
  if (/^[A-Z]{1,4}$/.test(first) && /^[A-Z0-9.]*\d[A-Z0-9.]*(?:\/\d+)+$/i.test(second)) return `${first} ${second}`;
  const m = ` ${first}`.match(ID_RE);
  if (!m) return null;
  // A dash OCR glued to the number from what follows it ("Bill Number 2092842283- Page 2 of 2") is none of it.
  const id = m[1].replace(/[.,;:\-–—]+$/, '');
  if (id.length < 2 || id.length > 40 || TAX_ID.test(id.replace(/[\s.-]/g, '')) || AMOUNT.test(id)) return null;
  return id;
}

// A sum of money, grouped and with two decimals ("100.00", "1,250.50", "2.345,00"): the figure of an item or a total
// under or beside a number's label whose own value OCR lost, never an invoice's number.
const AMOUNT = /^\d{1,3}(?:([.,' ])\d{3}(?:\1\d{3})*)?[.,]\d{2}$/;

// Tax registration numbers printed near the invoice number are not it: Japan's qualified
// invoice issuer number (T + 13 digits), EU/UK/Swiss VAT ids in their national shapes, and the
// number a Kenyan tax authority's control unit gives the sale (KRACU + serial / count; "CU Invoice
// Number" beside the seller's own "Invoice No.").
const TAX_ID = /^(KRACU\d{6,}(\/\d+)?|T\d{13}|ATU\d{8}|DE\d{9}|FR[0-9A-Z]{2}\d{9}|GB\d{9}(\d{3})?|NL\d{9}B\d{2}|ES[0-9A-Z]\d{7}[0-9A-Z]|IT\d{11}|BE[01]\d{9}|CHE\d{9}(MWST|TVA|IVA)?)$/i;

export function parseByType(t: string, field: FieldDefinition, ctx: DocContext): unknown {
  switch (field.type) {
    case 'NUMBER':
      return parseAmount(t, ctx.decimal);
    case 'DATE':
      return parseDate(t, ctx.order);
    case 'BOOLEAN':
      return parseBoolean(t);
    default:
      if (field.enumValues?.length) return matchEnum(t, field.enumValues);
      if (field.format && /email/i.test(field.format)) return t.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/)?.[0] ?? null;
      if (field.format && /url/i.test(field.format)) return t.match(/(?:https?:\/\/)?[\w-]+(?:\.[\w-]+)+\S*/)?.[0] ?? null;
      return t;
  }
}

export function parseBoolean(t: string): boolean | null {
  const s = t.toLowerCase().trim();
  if (/^(yes|y|true|ja|oui|sí|si|x|✓|✔|1|paid|bezahlt|payé)\b/.test(s)) return true;
  if (/^(no|n|false|nein|non|0|unpaid|offen)\b/.test(s)) return false;
  return null;
}

/** Tolerant enum match: case, accents and punctuation ignored; a contained value counts. */
export function matchEnum(t: string, values: string[]): string | null {
  const norm = (s: string) =>
    s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  const n = norm(t);
  const exact = values.find((v) => norm(v) === n);
  if (exact) return exact;
  const contained = values.filter((v) => norm(v) && ` ${n} `.includes(` ${norm(v)} `));
  if (contained.length) return contained.sort((a, b) => b.length - a.length)[0];
  return null;
}

// A buyer block's heading alone ("Nabywca", "Bill to:", "购买方"): no vendor's name.
const BUYER_HEADING = new RegExp(`^(?:${BUYER.source})[\\s:：]*$`, 'iu');
/** Three words or more opening with a word in small letters: a sentence, not a name. */
const SENTENCE = /^\p{Ll}+\s+\S+\s+\S/u;
/** A label of a date or a number, alone or two of them ("Invoice date / Delivery date", "Numéro de facture"). */
const OTHER_LABEL = /^(?:(?:invoice|order|delivery|due|issue|document|rechnungs?|liefer|bestell|date de|numero de|fecha de|n°)\s*)?(?:date|datum|fecha|data|number|nummer|numero|nr\.?|no\.?|#|facturation|livraison|commande|facture)(?:\s*(?:\/|-)\s*(?:[\p{L} ]{0,20}))?$/u;
const RATE = /(\d+(?:[.,]\d+)?)\s?%|%\s?(\d+(?:[.,]\d+)?)/g;
const INCLUDED_RATE = /(?<![\d.,])@?\d{1,2}(?:[.,]\d{1,2})?\s?[%+&s]?\s*(?=incl(?:\.|uded\b|\b))/gi;
const ON_BASE = /(?:^|\s|\))(?:on|of|auf|von|sur|sobre|su|over|op|på|af)\s+(?:[A-Z]{1,3}\$\s?|[A-Z]{3}\s?|[€$£₹¥]\s?)?\d[\d.,' ]*(?:\s?(?:[€$£₹¥]|[A-Z]{3}))?/gu;

import type { DocContext } from './context.js';
import { normLabel } from './context.js';
import { parseDate } from '../parse/dates.js';

// A due date printed as payment terms ("Net 30", "payable within 14 days",
// "zahlbar innerhalb von 30 Tagen", "à 30 jours", "a 30 días", "entro 30 giorni",
// "binnen 14 dagen", "30日以内", "termin płatności 14 dni") rather than as a date: the issue date plus the days.

const TERMS = [
  /\bnet\s*(\d{1,3})\b/,
  /\b(?:within|in)\s+(\d{1,3})\s+days?\b/,
  /\b(\d{1,3})\s+days?\s+net\b/,
  /\binnerhalb\s+(?:von\s+)?(\d{1,3})\s+tagen?\b/,
  /\b(\d{1,3})\s+tage\s+netto\b/,
  /\b(?:a|à|sous)\s+(\d{1,3})\s+jours\b/,
  /\b(?:a|en)\s+(\d{1,3})\s+d[ií]as\b/,
  /\bentro\s+(\d{1,3})\s+giorni\b/,
  /\bbinnen\s+(\d{1,3})\s+dagen\b/,
  /(\d{1,3})\s*日以内/,
  // "Termin płatności: 14 dni", "Splatnost 14 dní": the days after a payment-term label.
  /\b(?:termin platnosci|splatnost|splatnosti)\b\D{0,12}?(\d{1,3})\s+dn[iu]\b/,
];

// A clause of the terms that grants a discount for early payment ("innerhalb von 10 Tagen 2%
// Skonto", "2% discount if paid within 10 days", "escompte de 2% à 8 jours") gives the discount's
// deadline, not the date the amount is due: its days are not a due date.
const DISCOUNT = /skonto|discount|escompte|descuento|sconto|korting|rabat|abzgl|abzuglich|less \d/;
/** A rate in the clause is a discount's unless the clause names a tax ("Net 30, VAT 20%"). */
const RATE = /\d\s*%/;
const TAX = /\b(?:vat|tax|mwst|ust|tva|iva|btw|gst|moms)\b/;
const discounted = (clause: string) => DISCOUNT.test(clause) || (RATE.test(clause) && !TAX.test(clause));
/** Clauses of one line of terms: "..., 30 Tage netto", "... oder 30 Tage netto", "...; net 30". */
const CLAUSES = /[,;.](?!\d)|\s(?:oder|or|ou|o|of|sinon|otherwise|andernfalls|sonst)\s/;

export function dueFromTerms(ctx: DocContext, issued: string): string | null {
  return termsDue(ctx, issued)[0] ?? null;
}

/**
 * Every due date the printed terms give, counted from the issue date, in the order printed; a
 * clause that grants an early-payment discount gives none (its deadline is the discount's).
 */
export function termsDue(ctx: DocContext, issued: string): string[] {
  const start = new Date(`${issued}T00:00:00Z`);
  if (Number.isNaN(start.getTime())) return [];
  const out: string[] = [];
  for (const line of ctx.lines) {
    for (const clause of normLabel(line.text).split(CLAUSES)) {
      if (discounted(clause)) continue;
      for (const re of TERMS) {
        const days = Number(clause.match(re)?.[1] ?? 0);
        if (days > 0 && days <= 180) out.push(new Date(start.getTime() + days * 86_400_000).toISOString().slice(0, 10));
      }
    }
  }
  return out;
}

// A due date said in a sentence with the amount between the verb and the date ("Please pay £63.68
// by 19 November 2017", "Bitte zahlen Sie 120,00 € bis zum 14.03.2025"). A Direct Debit collected
// "on or after" a date is no due date: nothing is to be paid by hand.
const PAY_BY = /\b(?:please pay|pay|payable|to be paid|bitte (?:be)?zahlen sie|zahlen sie|veuillez (?:payer|régler)|merci de régler|si prega di pagare|gelieve|por favor pague)\b[^\n]{0,40}?\b(?:by|before|no later than|bis(?: zum| spätestens)?|avant le|entro il|antes del?|vóór|voor)\s+(.{6,30})/i;

export function dueInSentence(ctx: DocContext): string | null {
  for (const line of ctx.lines) {
    const m = PAY_BY.exec(line.text);
    const date = m ? parseDate(m[1]!, ctx.order) : null;
    if (date) return date;
  }
  return null;
}

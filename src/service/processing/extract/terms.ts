import type { DocContext } from './context.js';
import { normLabel } from './context.js';
import { parseDate } from '../parse/dates.js';

// A due date printed as payment terms ("Net 30", "payable within 14 days",
// "zahlbar innerhalb von 30 Tagen", "à 30 jours", "a 30 días", "entro 30 giorni",
// "binnen 14 dagen", "30日以内", "termin płatności 14 dni") rather than as a date: the issue date plus the days.

const TERMS = [
  // Not a net amount in thousands ("A-Standard (18%) Net  37,034"): its digits run on past a mark.
  /\bnet\s*(\d{1,3})\b(?![.,]\d)/,
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
  // The broad lexicon (2026-11-28), on normLabel'd text (lower case, Latin marks dropped): "30 days from invoice date",
  // fr "30 jours net", pt "em 30 dias", sv "30 dagar netto" / "inom 30 dagar", da/no "netto 14 dage(r)" / "inden 8 dage",
  // fi "14 pv netto", nl "30 dagen netto", pl "płatne w ciągu 14 dni" (not a return's "zwrot w ciągu 14 dni"), hr/bs/sr "u roku od 15 dana", sl "rok plačila 30 dni",
  // ro "în termen de 30 de zile", hu "8 napon belül", tr "30 gün vadeli", id/ms "dalam 30 hari", it "30 gg d.f." (its points split clauses),
  // et "14 päeva", lv "30 dienu laikā", lt "per 30 dienų", sw "ndani ya siku 30", ru, bg, uk, el, zh, ko, th, ar.
  /\b(\d{1,3})\s+days?\s+(?:from|after)\s+(?:the\s+)?(?:invoice|date|receipt|issue)\b/,
  /\b(\d{1,3})\s+jours\s+net\b/,
  /\b(?:em|no prazo de)\s+(\d{1,3})\s+dias\b/,
  /\b(\d{1,3})\s+dagar\s+netto\b/, /\bnetto\s+(\d{1,3})\s+dagar\b/, /\binom\s+(\d{1,3})\s+dagar\b/,
  /\bnetto\s+(\d{1,3})\s+dage?r?\b/, /\b(\d{1,3})\s+dage?r?\s+netto\b/, /\binden\s+(\d{1,3})\s+dage\b/, /\binnen\s+(\d{1,3})\s+dager\b/,
  /\b(\d{1,3})\s+(?:pv|paivaa)\s+netto\b/, /\bnetto\s+(\d{1,3})\s+(?:pv|paivaa)\b/,
  /\b(\d{1,3})\s+dagen\s+netto\b/,
  /\b(?:p[lł]atne|p[lł]atnosc|zap[lł]ata)\s+(?:w ciagu|w terminie)\s+(\d{1,3})\s+dni\b/,
  /\bu roku od\s+(\d{1,3})\s+dana\b/, /\b(?:rok placanja|rok placila|valuta placanja)\D{0,12}?(\d{1,3})\s+(?:dana|dni)\b/,
  /\bin termen de\s+(\d{1,3})\s+(?:de\s+)?zile\b/,
  /\b(\d{1,3})\s+napon belul\b/,
  /\b(\d{1,3})\s+gun\s+vade(?:li)?\b/, /\bvade\D{0,6}?(\d{1,3})\s+gun\b/,
  /\b(?:dalam|tempo|jangka waktu)\s+(\d{1,3})\s+hari\b/,
  /\b(\d{1,3})\s*gg\b/, /\b(\d{1,3})\s+giorni\s+(?:data fattura|d\.?f)\b/,
  /\b(?:maksetahtaeg|maksetingimus|tasuda)\D{0,12}?(\d{1,3})\s+paeva\b/,
  /\b(\d{1,3})\s+dienu laika\b/, /\bper\s+(\d{1,3})\s+dien(?:u|as|os)\b/,
  /\bndani ya siku\s+(\d{1,3})\b/,
  /(?:в течение|в срок от|протягом)\s+(\d{1,3})\s+(?:\p{L}+\s+)?дн(?:е[йи]|и|ів)/u,
  /εντος\s+(\d{1,3})\s+ημερων/,
  /(\d{1,3})\s*(?:天内|日内)/,
  new RegExp('(\\d{1,3})\\s*일\\s*이내'.normalize('NFD')),
  /ภายใน\s*(\d{1,3})\s*วัน/,
  /خلال\s+(\d{1,3})\s+يوم/,
];

// A clause of the terms that grants a discount for early payment ("innerhalb von 10 Tagen 2%
// Skonto", "2% discount if paid within 10 days", "escompte de 2% à 8 jours") gives the discount's
// deadline, not the date the amount is due: its days are not a due date.
const DISCOUNT = /skonto|discount|escompte|descuento|sconto|korting|rabat|abzgl|abzuglich|less \d|popust|sleva|zlava|indirim|diskon|alennus|desconto|скидк|отстъпк|знижк|εκπτωσ/;
/** A rate in the clause is a discount's unless the clause names a tax ("Net 30, VAT 20%"). */
const RATE = /\d\s*%/;
const TAX = /\b(?:vat|tax|mwst|ust|tva|iva|btw|gst|moms|pdv|ddv|dph|kdv|ppn|pvm|pvn|vsk|alv|afa)\b|ндс|ддс|пдв|φπα/;
// A refund promised within some days ("Ce montant vous sera remboursé par virement sous 15 jours", "refunded within 14
// days") is the seller's deadline, a credit note's: nothing is due from the reader.
const REFUND = /rembours|refund|reimburs|erstatt|ruckerstatt|reembols|rimbors|terugbetaal|terugstort|aterbetal|tilbakebetal|tilbagebetal|hyvit|zwrot|vracen/;
const noDueDays = (clause: string) => DISCOUNT.test(clause) || REFUND.test(clause) || (RATE.test(clause) && !TAX.test(clause));
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
      if (noDueDays(clause)) continue;
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

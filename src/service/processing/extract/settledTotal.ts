import type { Line } from '../layout/model.js';
import type { ExtractedField } from '../types.js';
import { amountsIn } from '../parse/amounts.js';
import { normLabel, type DocContext } from './context.js';
import type { Role } from './roles.js';

// The total a document settles, where it prints two and the arithmetic between them says which:
// - a restaurant check's tip written in under its total, and the total with the tip under that ("Total $215.66",
//   "Tip: 39.21", "Total: $254.87"): the amount paid. A tip line left blank leaves the printed total;
// - a bill's total due that adds the arrears (a balance brought forward) to this bill's current charges
//   ("Current charges R 2,327.54", "Arrears R 6,022.97", "TOTAL DUE R 8,350.51"): the current charges, what this
//   bill charges (as a telco's bill whose previous balance is carried).

const TOTAL_WORD = /(?:^|[^\p{L}])(?:total|amount due|balance due|amount payable)(?![\p{L}])/u;
const TIP = /^(?:tips?|gratuity|trinkgeld|pourboire|propina|mancia|fooi|dricks)(?![\p{L}])/u;
const ARREARS = /^(?:arrears|balance brought forward|balance b\/f|previous balance|balance from (?:last|previous) (?:bill|account|statement)|amount overdue|overdue amount)(?![\p{L}])/u;
const DEPOSIT = /^(?:less:? )?(?:deposit|advance|down payment|prepayment|acompte|anzahlung|anticipo|adelanto|sinal)(?: (?:paid|received|taken|deducted))?(?![\p{L}])/u;
// The total a deposit is taken from, not the balance after it.
const GROSS = /^(?:total|grand total|total charges|total \(incl)(?![\p{L}])/u;
const CURRENT = /^(?:current charges|total current charges|current account charges|charges this (?:period|month)|this (?:month|period)'?s charges)(?![\p{L}])/u;

const cents = (n: number) => Math.round(n * 100);

export function settledTotal(ctx: DocContext, roles: Role[], fields: ExtractedField[]): ExtractedField[] {
  return ratedWithin(ctx, roles, withinTotal(ctx, roles, settled(ctx, roles, fields)));
}

// A line saying the prices include a tax at a rate ("All prices VAT inclusive (15%) VAT incl.", "Includes VAT 20%").
const RATED_INCLUDED = /(?:^|[^\p{L}])(?:vat|gst|tax|iva|mwst|tva)(?![\p{L}])/u;
const INCLUSIVE = /(?:^|[^\p{L}])(?:incl\.?|inclusive|includes?|included|including|inkl\.?)(?![\p{L}])/u;
const RATE = /(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?) ?%/g;

/**
 * No tax read, and a line says the total includes one at a rate: the amount printed on that line (or alone on the line
 * beside it) that is the total's share at that rate, total × r / (100 + r), within a cent (2026-11-30).
 */
function ratedWithin(ctx: DocContext, roles: Role[], fields: ExtractedField[]): ExtractedField[] {
  const [at, tax] = [roles.indexOf('total'), roles.indexOf('tax')];
  const total = fields[at]?.value;
  if (tax < 0 || fields[tax]!.value !== null || typeof total !== 'number' || !(total > 0)) return fields;
  const lines = ctx.lines;
  for (let i = 0; i < lines.length; i++) {
    const label = normLabel(lines[i]!.text);
    if (!RATED_INCLUDED.test(label) || !INCLUSIVE.test(label)) continue;
    const shares = [...lines[i]!.text.matchAll(RATE)].map((m) => Number(m[1]!.replace(',', '.'))).filter((r) => r > 0 && r < 30)
      .map((r) => Math.round((total * r) / (100 + r) * 100));
    if (!shares.length) continue;
    const own = amountsIn(lines[i]!.text.replace(RATE, ' '), ctx.decimal);
    const alone = [lines[i - 1], lines[i + 1]].filter((l): l is Line => !!l && l.page === lines[i]!.page && BARE_AMOUNT.test(l.text.trim()))
      .flatMap((l) => amountsIn(l.text, ctx.decimal));
    const found = [...own, ...alone].find((a) => shares.some((c) => Math.abs(c - cents(a)) <= 1));
    if (found !== undefined) return fields.map((f, k) => (k === tax ? { ...f, value: found, confidence: UNSURE } : f));
  }
  return fields;
}
const BARE_AMOUNT = /^\D{0,4}\d[\d.,' ]*$/;

// A tax the page says its total includes ("IVA 13% incluido", "incl. VAT", "inkl. MwSt."): prices with the tax in them.
const INCLUDED = /^(?:(?:\d{1,2}(?:[.,]\d{1,2})? ?% ?)?(?:iva|vat|tax|gst|mwst|ust|tva|igv|itbms|isv)(?: \d{1,2}(?:[.,]\d{1,2})? ?%)? (?:incluido|incluida|included|inclus|inclusa|inkl\.?|inbegriffen))|^(?:incl\.?|inkl\.?|including|incluye) (?:\d{1,2}(?:[.,]\d{1,2})? ?% ?)?(?:iva|vat|tax|gst|mwst|ust|tva)(?![\p{L}])/u;

/** A "subtotal" equal to the total whose tax the page says is included in it sums the prices with their tax: no net amount. */
function withinTotal(ctx: DocContext, roles: Role[], fields: ExtractedField[]): ExtractedField[] {
  const [sub, at] = [roles.indexOf('subtotal'), roles.indexOf('total')];
  const [net, total] = [fields[sub]?.value, fields[at]?.value];
  if (typeof net !== 'number' || typeof total !== 'number' || cents(net) !== cents(total)) return fields;
  const included = ctx.lines.find((l) => INCLUDED.test(normLabel(l.text)));
  if (!included) return fields;
  // The tax it names, when no other was read: the one amount on its line, less than the total.
  const tax = roles.indexOf('tax');
  const amount = amountsIn(included.text.replace(/\d{1,2}(?:[.,]\d{1,2})? ?%/g, ' '), ctx.decimal).filter((a) => a > 0 && a < total);
  const taxed = tax >= 0 && fields[tax]!.value === null && amount.length === 1 ? amount[0]! : null;
  return fields.map((f, i) => (i === sub ? { ...f, value: null, confidence: 0 } : i === tax && taxed !== null ? { ...f, value: taxed, confidence: UNSURE } : f));
}

function settled(ctx: DocContext, roles: Role[], fields: ExtractedField[]): ExtractedField[] {
  const at = roles.indexOf('total');
  const total = fields[at]?.value;
  if (at < 0 || typeof total !== 'number' || total <= 0) return fields;
  const amounts = (l: Line) => amountsIn(l.text, ctx.decimal);
  const label = (l: Line) => normLabel(l.text);
  const lines = ctx.lines;
  const set = (value: number) => fields.map((f, i) => (i === at ? { ...f, value } : f));
  const i = lines.findIndex((l) => TOTAL_WORD.test(label(l)) && amounts(l).some((a) => cents(a) === cents(total)));
  if (i < 0) return fields;
  // A tip written in after the total (past a table of suggested tips), then a total that adds it.
  for (let j = i + 1; j < Math.min(lines.length, i + 12) && lines[j]!.page === lines[i]!.page; j++) {
    if (TOTAL_WORD.test(label(lines[j]!))) break;
    if (!TIP.test(label(lines[j]!))) continue;
    const tip = amounts(lines[j]!);
    if (tip.length !== 1 || !(tip[0]! > 0)) break;
    const paid = cents(total) + cents(tip[0]!);
    if (lines.slice(j + 1, j + 3).some((l) => TOTAL_WORD.test(label(l)) && amounts(l).some((a) => cents(a) === paid))) return set(paid / 100);
    break;
  }
  // A deposit paid before (a repair ticket's at booking, a car rental's at pick-up): the total is the one printed above
  // it, not the balance left to pay ("Total 69.75", "Deposit paid -20.00", "Balance due on collection 49.75").
  const deposit = lines.slice(Math.max(0, i - 4), i).flatMap((l) => (DEPOSIT.test(label(l)) ? amounts(l).map(Math.abs) : []));
  const before = lines.slice(Math.max(0, i - 8), i).filter((l) => GROSS.test(label(l))).flatMap(amounts);
  const gross = before.find((g) => deposit.some((d) => d > 0 && cents(g) - cents(d) === cents(total)));
  if (gross !== undefined) return fields.map((f, k) => (k === at ? { ...f, value: gross, confidence: Math.min(f.confidence, UNSURE) } : f));
  // The total due is the current charges plus the arrears, each printed under its own label.
  const labelled = (re: RegExp) => lines.filter((l) => re.test(label(l))).flatMap((l) => amounts(l).filter((a) => a > 0));
  const current = labelled(CURRENT);
  const arrears = labelled(ARREARS);
  const due = cents(total);
  const charges = current.find((c) => cents(c) < due && arrears.some((a) => cents(c) + cents(a) === due));
  if (charges === undefined) return fields;
  // The tax the total due hid (its subtotal and tax did not add up to it): printed beside a tax word, the charges
  // less their subtotal.
  const [sub, tax] = [roles.indexOf('subtotal'), roles.indexOf('tax')];
  const net = fields[sub]?.value;
  const vat = typeof net === 'number' && tax >= 0 && fields[tax]!.value === null ? cents(charges) - cents(net) : 0;
  const printed = vat > 0 && lines.some((l) => TAX_WORD.test(label(l)) && amounts(l).some((a) => cents(a) === vat));
  return set(cents(charges) / 100).map((f, i) => (printed && i === tax ? { ...f, value: vat / 100, confidence: Math.min(fields[sub]!.confidence, UNSURE) } : f));
}

const TAX_WORD = /^(?:vat|tax|sales tax|gst|iva|tva|mwst)(?![\p{L}])/u;
const UNSURE = 0.85;

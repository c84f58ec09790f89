import type { Line } from '../layout/model.js';
import { amountsIn, halfWidthMarks, parseAmount } from '../parse/amounts.js';
import { parseDate } from '../parse/dates.js';
import type { DocContext } from './context.js';
import { normLabel } from './context.js';
import { fromOcr } from './repairs.js';
import { distance as levenshtein } from 'fastest-levenshtein';

// Items of a list printed without a header row (a telecom bill's charges, a till
// receipt): a run of lines, each a description and an amount, with a quantity
// before the description, a unit price or "2 x 28,09" between them and a tax
// letter after the amount all optional. Lines that merely look like items (a
// payment, an address with a number) do not add up to anything, so the run is
// taken only where it ends at the totals block and its amounts add up to a sum
// printed there: the evidence a header row would otherwise give.

/** One item as printed: the cells a table row would have by column. */
export interface LooseItem {
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  /** Printed as quantity times price that gives the amount to the cent ("4 kpl x 7,39  29,56"). */
  checked?: boolean;
  /** A charge for a span of time or a vehicle's class (a parking ticket's, a toll's): an item even alone. */
  charge?: boolean;
}

// An amount with two decimals, a currency beside it at most: "56,18", "1.504,00", "EUR 355,78", "120,32 €".
// Or an ISO currency code ("GBP 1,347.00", "163.91 USD").
// An amount in whole units after a currency's mark, its thousands grouped or under a thousand ("$1.360", "¥12,800", "$ 945").
const WHOLE_MONEY = /^(?:[$¥₩₲]|CLP|JPY|KRW|COP|PYG|ISK)\s*\d{1,3}(?:[.,]\d{3})*$/i;
// A dollar after its country's letters ("MX$42.00", "NZ$", "HK$"), a pound OCR read as an f glued to the figure ("f8.40"), a
// sign before the currency ("-$3.00").
const MONEY = /^-?(?:[€$£]|[A-Z]{1,3}\$|f(?=\d)|EUR|RM|USD|GBP|CHF|CAD|AUD|NZD|SGD|MYR|SEK|NOK|DKK|PLN|CZK|HUF)?\s*-?\d{1,3}(?:[.,' ]?\d{3})*[.,]\d{2}\s*(?:[€$£]|EUR|USD|GBP|CHF|CAD|AUD|NZD|SGD|MYR|SEK|NOK|DKK|PLN|CZK|HUF)?$/i;
// A tax letter or mark printed after an amount: its own cell ("A") or OCR-joined to it ("23,75 A").
const TAX_MARK = /^(?:[A-Z]{1,2}|\*)$/;
const TAX_MARK_AFTER = /(\d)(?:\s+(?:[A-Z]{1,2}|\*)|\s*[A-Z])$/;
// Quantity times price between the name and the amount: "2 x 28,09", "3 @ 4.50", a unit after the
// quantity and a price in pence or cents ("31 days @ 45.2p", "412 kWh @ 24.50p"), a price first ("4.50 x 2").
// The price may name its unit after it ("2,396 kg × 3,87 €/kg", "92 days x 59.78p per day").
const TIMES = /^(\d{1,6}(?:[.,]\d{1,3})?)\s*(\p{L}{1,6}\.?)?\s*(?:x|×|\*|@|at)\s*(?:[€$£]|EUR|RM)?\s*(\d[\d.,]*\d|\d)\s*(p|c|ct|cts)?(?:\s*\S{0,3}\/\p{L}{1,4}|\s+(?:per|a|an|pro|par)\s+\p{L}{1,6})?$/iu;
// The same at the end of the name's cell: "Standing charge 31 days @ 45.2p".
const TIMES_AFTER_NAME = /^(.*\p{L}.*?)\s+(\d[\d.,]*\s*(?:\p{L}{1,6}\.?\s*)?(?:x|×|@|at)\s*\S+)$/u;

/**
 * Quantity and unit price of a "q x p" text, or null. `weighed`: a quantity with a unit and three
 * digits after a mark ("2.201 kg" where commas mark decimals) read as a decimal, as scales print it.
 */
function timesOf(text: string, ctx: DocContext): { q: number; p: number; weighed?: number } | null {
  const m = TIMES.exec(halfWidthMarks(text.trim()));
  if (!m) return null;
  let [q, p] = [parseAmount(m[1]!, ctx.decimal), parseAmount(m[3]!, ctx.decimal)];
  if (q === null || p === null) return null;
  if (m[4]) p /= 100;
  else if (!m[2] && /[.,]\d{2}$/.test(m[1]!) && /^\d+$/.test(m[3]!)) [q, p] = [p, q];
  const weighed = m[2] && /^\d{1,3}[.,]\d{3}$/.test(m[1]!) ? Number(m[1]!.replace(',', '.')) : undefined;
  return { q, p, weighed };
}

// Words of a row that takes money off ("Rabatt", "Coupon", "Savings", "BOGO", "Remise", "Sconto").
const DISCOUNT_ROW = /\b(discount|disc|savings?|coupon|bogo|rewards?|promo(tion)?|rebate|voucher|rabatt|nachlass|gutschein|remise|r[ée]duction|descuento|desconto|sconto|korting|alennus|rabat|rabais)\b/i;

// What a parking ticket or a toll charges for: the time parked ("Parkdauer 2 Std 46 Min", "Stationnement 10h00",
// "Parking 1 hr 15 min") or the vehicle's class ("Classe 2", "Klasse 1", "Category 3").
const CHARGE = /\b\d{1,3} ?(?:std|h|hrs?|hours?|stunden?|heures?|horas?|ore|uur|tim)\.? ?\d{1,2} ?(?:min|mins|minutes?|minuten)\b|\b\d{1,2}h\d{2}\b|^(?:classe|klasse|class|category|categorie|kategorie|categoria|cat\.) ?\d$/i;
// An article's identifier alone: a French CIP, a German PZN, an EAN or UPC, a SKU ("CIP 3400913534256", "PZN 94398172").
const IDENTIFIER = /^(cip|pzn|ean|upc|sku|gtin|ndc|plu|art\.? ?-?nr\.?|item|code)\s*[:#.]?\s*\d[\d -]{4,}$/i;

/** A number as the document prints it, so that parseAmount reads it back ("0,452" where commas mark decimals). */
const printed = (n: number, ctx: DocContext) => {
  const text = String(Math.round(n * 1e6) / 1e6);
  return ctx.decimal === 'comma' ? text.replace('.', ',') : text;
};

const fits = (q: number, p: number, a: number) => Math.abs(q * p - a) <= 0.011;
const cents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** A line read as one item, or null. `stop` tells a totals-block label. */
export function looseItem(line: Line, ctx: DocContext, stop: (text: string) => boolean): LooseItem | null {
  const cells = line.cells.map((c) => c.text.trim()).filter(Boolean);
  if (cells.length > 2 && TAX_MARK.test(cells[cells.length - 1]!)) cells.pop();
  // A note written beside a receipt stapled to a sheet ("Kst 3084", "Bewirtung Kunde Meyer"), right of the amount on a scan:
  // words after the amount's cell, or OCR joined to it ("6,98 Kst 3010"), are no part of the item.
  if (fromOcr(line, ctx)) {
    const note = (c: string) => /\p{L}{2}/u.test(c) && !MONEY.test(c);
    if (cells.length > 2 && note(cells[cells.length - 1]!) && MONEY.test(cells[cells.length - 2]!)) cells.pop();
    const joined = /^(\S+)\s+\p{L}{2,}\b.*$/u.exec(cells[cells.length - 1]!);
    if (cells.length >= 2 && joined && MONEY.test(joined[1]!) && /\p{L}{2}/u.test(cells[0]!)) cells[cells.length - 1] = joined[1]!;
  }
  if (cells.length < 2 || cells.length > 4) return null;
  // A 1 opening the amount OCR read as a letter ("l.28", "I2.50") on a scan.
  const last = cells.pop()!.replace(TAX_MARK_AFTER, '$1');
  const printedAmount = fromOcr(line, ctx) ? last.replace(/^([€$£]?)[lI|](?=\d|[.,]\d{2}$)/, '$11') : last;
  // A currency printed without cents, its thousands grouped ("$1.360" of a Chilean boleta): that many units.
  const amountText = WHOLE_MONEY.test(printedAmount) ? printedAmount.replace(/\D/g, '') : printedAmount;
  const a = MONEY.test(amountText) || amountText !== printedAmount ? parseAmount(amountText, ctx.decimal) : null;
  // A discount, coupon or savings row is an item at its negative amount ("DIGITAL COUPON  -0.67", "Kundenkarte Rabatt 5%  -0,20").
  if (a === null || a === 0 || (a < 0 && !DISCOUNT_ROW.test(cells.join(' ')))) return null;
  // A quantity first, in its own cell or joined to the name by OCR ("5 Kaffeebohnen"; "I" is a 1 OCR misread).
  let quantity: string | undefined;
  // An app's order summary prints it with a sign of times ("2x  Caesar Salad  26.48", "1x Beef Pho (Large)").
  if (cells.length >= 2 && /^\d{1,3}( ?[x×])?$/.test(cells[0]!)) quantity = cells.shift()!.replace(/\D/g, '');
  else {
    const m = /^(\d{1,3}|[Il|])(?: ?[x×])?\s+(?=\p{Lu})(.+)$/u.exec(cells[0]!);
    if (m && (/\d/.test(m[1]!) || fromOcr(line, ctx))) [quantity, cells[0]] = [/\d/.test(m[1]!) ? m[1]! : '1', m[2]!];
  }
  // A name OCR cut in two cells ("LUMPIANG | SHANGHAI | 110.00"): words only, no figure, joined.
  while (cells.length >= 2 && /\p{L}{2}/u.test(cells[0]!) && /^\p{Lu}[\p{Lu}\s'’&-]+$/u.test(cells[1]!) && /^[\p{Lu}\s'’&-]+$/u.test(cells[0]!)) cells.splice(0, 2, `${cells[0]} ${cells[1]}`);
  let description = cells.shift()!;
  const spec = quantity === undefined && cells.length === 0 ? TIMES_AFTER_NAME.exec(description) : null;
  if (spec && timesOf(spec[2]!, ctx)) [description, cells[0]] = [spec[1]!, spec[2]!];
  if (!/\p{L}{2}/u.test(description) || stop(normLabel(description)) || (parseDate(description, ctx.order) && !namesPeriod(description)) || IDENTIFIER.test(description)) return null;
  const q = quantity === undefined ? null : Number(quantity);
  if (cells.length === 0) {
    // Without a price: a quantity other than one must divide the amount to the cent, else it is part of the name.
    if (q === null || q === 0) return { description, quantity: '1', unitPrice: amountText, amount: amountText, ...(CHARGE.test(description) ? { charge: true } : {}) };
    if (q === 1 || cents(a / q)) return { description, quantity: String(q), unitPrice: String(Math.round((a / q) * 100) / 100), amount: amountText };
    return { description: `${quantity} ${description}`, quantity: '1', unitPrice: amountText, amount: amountText };
  }
  // The quantity with its unit and the price in cells side by side ("Energy used  1,104 kWh  x 27.833p  £307.28").
  const split = q === null && cells.length === 2 ? timesOf(cells.join(' '), ctx) : null;
  if (split) {
    const n = [split.q, split.weighed].find((v) => v !== undefined && fits(v, split.p, a));
    return n !== undefined ? { description, quantity: printed(n, ctx), unitPrice: printed(split.p, ctx), amount: amountText, checked: true } : null;
  }
  if (cells.length === 2) {
    // A quantity and a price between the name and the amount, in either order ("Widget  12.50  2  25.00").
    const at = cells.findIndex((c) => /^\d{1,4}$/.test(c));
    const price = cells[1 - at];
    const p = at >= 0 && q === null && price && MONEY.test(price) ? parseAmount(price, ctx.decimal) : null;
    return p !== null && fits(Number(cells[at]), p, a) ? { description, quantity: cells[at]!, unitPrice: price!, amount: amountText } : null;
  }
  const middle = cells[0]!;
  const times = q === null ? timesOf(middle, ctx) : null;
  if (times) {
    const q = [times.q, times.weighed].find((n) => n !== undefined && fits(n, times.p, a));
    return q !== undefined ? { description, quantity: printed(q, ctx), unitPrice: printed(times.p, ctx), amount: amountText, checked: true } : null;
  }
  // The price may keep its sign of times ("4  Coperto  @ 2,50  10,00", "Tiramisù  @6.50  6,50").
  const price = middle.replace(/^(?:x|×|\*|@)\s*/i, '');
  const p = MONEY.test(price) ? parseAmount(price, ctx.decimal) : null;
  if (p === null) return null;
  if (q !== null) return fits(q, p, a) ? { description, quantity: String(q), unitPrice: price, amount: amountText } : null;
  const n = Math.round(a / p);
  return n >= 1 && fits(n, p, a) ? { description, quantity: String(n), unitPrice: middle, amount: amountText } : null;
}

/**
 * Runs of item lines that end at the totals block and add up to an amount printed there. Two items
 * at least, so that a lone line equal to the total is no list, unless that line prints quantity times
 * price and the arithmetic holds.
 */
export function summedItems(ctx: DocContext, stop: (text: string) => boolean, grand: (text: string) => boolean = () => false): Array<{ item: LooseItem; lines: Line[] }> {
  // `after`: the index of a note line passed over just before the item (see below).
  type Found = { item: LooseItem; lines: Line[]; index: number; after?: number; second?: string[] };
  const out: Found[] = [];
  // The items of the last run taken.
  let taken: Found[] = [];
  let run: Found[] = [];
  let passed: number | undefined;
  const lines = ctx.lines;
  const itemAt = (i: number): Found | null => {
    const line = lines[i];
    if (!line) return null;
    const item = looseItem(line, ctx, stop);
    const joined = item ? null : splitRow(line, lines[i + 1], lines[i + 2]) ?? nameOverTimes(line, lines[i + 1], ctx) ?? nameOverCode(line, lines[i + 1])
      ?? nameOverCount(line, lines[i + 1]);
    const whole = joined ? looseItem(joined, ctx, stop) : null;
    const counted = item || whole ? null : timesOver(line, lines[i + 1], ctx, stop);
    return item ? { item, lines: [line], index: i } : whole ? { item: whole, lines: [line, lines[i + 1]!], index: i }
      : counted ? { item: counted, lines: [line, lines[i + 1]!], index: i } : null;
  };
  const isNear = (prev: Line | undefined, line: Line | undefined) => !!prev && !!line && line.page === prev.page && line.y0 - prev.y1 < 2.5 * Math.max(1, prev.y1 - prev.y0);
  // A run's items where they add up: the longest run the line after it adds up, tried first across the note
  // lines passed over, then in each stretch between them alone.
  const settle = (end: number) => {
    const cuts = run.map((r, k) => (k > 0 && r.after !== undefined ? k : -1)).filter((k) => k > 0);
    const from = (items: Found[], k: number, last: number) => (items[k] ? items[k]!.after ?? items[k]!.index : last);
    const take = (items: Found[], least: number, last: number) => {
      // Items come before the grand total: a run after the total line of items taken before is a
      // payment slip ("Importo 44,24 / Mancia 5,00" over "Totale addebitato 49,24") that repeats a sum
      // printed above it, not more items (a bill's next section after its first one's total is).
      const between = out.length > 0 && items.length > 0 ? lines.slice(out[out.length - 1]!.index + 1, items[0]!.index) : [];
      const sums = between.flatMap((l) => amountsIn(l.text, ctx.decimal));
      const paid = between.some((l) => grand(normLabel(l.cells[0]?.text ?? '')))
        && items.some((it) => sums.some((v) => Math.abs((parseAmount(it.item.amount, ctx.decimal) ?? NaN) - v) <= 0.011));
      for (let k = items.length; !paid && k >= Math.max(least, items[0]?.item.checked || items[0]?.item.charge ? 1 : 2); k--) {
        if (addsUp(items.slice(0, k).map((r) => r.item), from(items, k, last), ctx, stop)) {
          // The items' own sum read as one more item ("Item total  77.24") opening the run after them, the fees after it
          // ("Delivery fee", "Service fee") adding up with it to the total: those fees are items too, the sum is none.
          const sum = taken.reduce((t, r) => t + (parseAmount(r.item.amount, ctx.decimal) ?? NaN), 0);
          const summed = taken.length >= 2 && k >= 2 && Math.abs((parseAmount(items[0]!.item.amount, ctx.decimal) ?? NaN) - sum) <= 0.011;
          taken = items.slice(summed ? 1 : 0, k);
          out.push(...taken);
          return true;
        }
      }
      return false;
    };
    if (cuts.length && take(run, cuts[0]! + 1, end)) return;
    [0, ...cuts].forEach((c, j) => take(run.slice(c, cuts[j] ?? run.length), 1, cuts[j] !== undefined ? run[cuts[j]!]!.after! : end));
  };
  for (let i = 0; i <= lines.length; i++) {
    const line = lines[i];
    const got = itemAt(i);
    const prev = run[run.length - 1]?.lines.at(-1);
    // Items of two lines each printed as cards a little further apart (an app's order: a name over "Qty: 2  $26.17 each
    // $52.34"): the gap the run's last two items left between them, give or take a quarter of a line, is near too.
    const [before, last] = [run[run.length - 2]?.lines.at(-1), run[run.length - 1]?.lines[0]];
    const rhythm = !!prev && !!line && !!before && !!last && last.page === before.page && run[run.length - 1]!.lines.length >= 2
      && Math.abs((line.y0 - prev.y1) - (last.y0 - before.y1)) <= 0.25 * (prev.y1 - prev.y0) && line.y0 - prev.y1 < 4 * (prev.y1 - prev.y0);
    const near = isNear(prev, line) || (rhythm && line!.page === prev!.page);
    if (got && (!prev || near)) {
      if (passed !== undefined) got.after = passed;
      passed = undefined;
      run.push(got);
      i += got.lines.length - 1;
      // The quantity measured and its price per unit on a line of their own under the name and amount.
      const measured = measuredUnder(got.item, lines[i + 1], ctx) ?? eachUnder(got.item, lines[i + 1], ctx);
      if (measured) {
        got.item = measured;
        got.lines.push(lines[++i]!);
      }
      // A name's second line: smaller or indented text right under it, short of the amount.
      while (secondLine(got.lines[got.lines.length - 1]!, lines[i + 1], ctx, stop) && !itemAt(i + 1)) {
        got.item = { ...got.item, description: `${got.item.description} ${lines[i + 1]!.text.trim()}` };
        got.second = [...(got.second ?? []), lines[i + 1]!.text.trim()];
        got.lines.push(lines[++i]!);
      }
      continue;
    }
    // A note between two items, without an amount ("RX# 9835279  FILL 07  COPAY" over its drug, "Remb. 65%
    // TVA 2,10%" under it): passed over, one line at a time, where the next item follows near.
    if (!got && passed === undefined && run.length && line && near && noteLine(line, stop, grand) && isNear(prev, lines[i + 1]) && itemAt(i + 1)) {
      passed = i;
      continue;
    }
    passed = undefined;
    // The subtotal's own line may read like one more item ("Charges excl. VAT  66.21"): the longest
    // run of items that the line after it adds up.
    // One item alone only where its own arithmetic was checked (a lone line equal to the total is no list).
    settle(i);
    run = got ? [got] : [];
    if (got) i += got.lines.length - 1;
  }
  return kindLines(out);
}

/**
 * The same words under every item's name ("PhotoFix Studio" over "In-App Purchase", "Office 365" over "Subscription"):
 * what kind of purchase each is, no part of its name. Taken off where two items or more have that one line alone
 * (the same but for a letter in eight OCR may have misread: "In-App Furchase"), words only: a period of service under
 * each ("1 Feb 2024 - 29 Feb 2024") is part of its name.
 */
function kindLines<T extends { item: LooseItem; second?: string[] }>(found: T[]): T[] {
  const kinds = found.map((f) => (f.second?.length === 1 ? normLabel(f.second[0]!) : ''));
  const first = kinds[0]!;
  if (found.length < 2 || !/^[\p{L}\s&'’-]*\p{L}{3}[\p{L}\s&'’-]*$/u.test(first) || kinds.some((k) => !k || levenshtein(k, first) > Math.max(1, Math.floor(first.length / 8)))) return found;
  return found.map((f) => ({ ...f, item: { ...f.item, description: f.item.description.slice(0, -f.second![0]!.length).trim() } }));
}

/** A line of words and figures other than money, no totals label: a note about the item beside it. */
function noteLine(line: Line, stop: (text: string) => boolean, grand: (text: string) => boolean): boolean {
  const first = normLabel(line.cells[0]?.text ?? '');
  return /\p{L}{2}/u.test(line.text) && !stop(first) && !grand(first) && !line.cells.some((c) => MONEY.test(c.text.trim().replace(TAX_MARK_AFTER, '$1')));
}

/**
 * An item printed under its article's name, its identifier first ("METFORMINE 850MG CPR B/90" over "CIP
 * 3400913534256  3 x 6,14  18,42", "Insulin Lantus" over "PZN 94398172  Zuzahlung  10,00 A"): the name with
 * the figures, the identifier and a word alone between them (what the amount is) left out. Null otherwise.
 */
function nameOverCode(line: Line, next: Line | undefined): Line | null {
  if (!next || next.page !== line.page || !line.cells.length || next.cells.length < 2 || !IDENTIFIER.test(next.cells[0]!.text.trim())) return null;
  if (!/\p{L}{2}/u.test(line.text) || line.cells.some((c) => MONEY.test(c.text.trim()) || /\d[.,]\d{2}\b/.test(c.text))) return null;
  const name = { ...line.cells[0]!, text: line.cells.map((c) => c.text.trim()).join(' '), x1: line.cells[line.cells.length - 1]!.x1 };
  const figures = next.cells.slice(1).filter((c, k, all) => k === all.length - 1 || /\d/.test(c.text));
  const cells = [name, ...figures];
  return { ...next, cells, text: cells.map((c) => c.text).join(' '), x0: Math.min(line.x0, next.x0), y0: line.y0 };
}

/**
 * A till's count and price on a line of their own above the item they price ("2 @ 14.98" over "CETAPHIL
 * GENTLE CLNSR 16OZ  29.96 T"): that item with the count and price where they give its amount. Null otherwise.
 */
function timesOver(line: Line, next: Line | undefined, ctx: DocContext, stop: (text: string) => boolean): LooseItem | null {
  if (!next || next.page !== line.page || line.cells.length !== 1 || !/^\d/.test(line.text.trim())) return null;
  const times = timesOf(line.text, ctx);
  const item = times ? looseItem(next, ctx, stop) : null;
  const a = item ? parseAmount(item.amount, ctx.decimal) : null;
  if (!times || !item || item.checked || item.quantity !== '1' || a === null || !fits(times.q, times.p, a)) return null;
  return { ...item, quantity: printed(times.q, ctx), unitPrice: printed(times.p, ctx), checked: true };
}

/** `next` continues the name of the item on `line`: words only, smaller or indented, right under it, left of the amount. */
function secondLine(line: Line, next: Line | undefined, ctx: DocContext, stop: (text: string) => boolean): boolean {
  if (!next || next.page !== line.page || !line.cells.length) return false;
  const [h, nh] = [line.y1 - line.y0, next.y1 - next.y0];
  const name = line.cells[0]!;
  const amount = line.cells[line.cells.length - 1]!;
  if (next.y0 - line.y1 > 0.6 * h || next.y0 < line.y1 - 0.3 * h) return false;
  if (!(nh < 0.95 * h || next.x0 > name.x0 + 0.5 * h) || next.x0 < name.x0 - 0.5 * h || next.x1 >= amount.x0) return false;
  const text = next.text.trim();
  // A rate (`Remb. 65%  TVA 2,10%`) is no part of a name; a period of service (`20 Oct 2023 - 19 Jan 2024`) is.
  return /\p{L}{2}/u.test(text) && !stop(normLabel(next.cells[0]?.text ?? '')) && !next.cells.some((c) => MONEY.test(c.text.trim())) && !/\d\s*%|#\s*\d{3}/.test(text)
    && (!parseDate(text, ctx.order) || isPeriod(text, ctx));
}

// Two dates joined by a dash or "to" ("20 Oct 2023 - 19 Jan 2024", "(12/01/21 - 09/02/21)", "01.03.2024 bis 31.03.2024").
const DAY = String.raw`(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{1,2}\.? ?\p{L}{3,9}\.? ?\d{2,4})`;
const PERIOD = new RegExp(String.raw`\(?\s*${DAY}\s*(?:-|–|to|bis|au|al|tot)\s*${DAY}\s*\)?`, 'u');

/** The text is a period of service and nothing else. */
function isPeriod(text: string, ctx: DocContext): boolean {
  const m = PERIOD.exec(text.trim());
  return !!m && m[0].length === text.trim().length && parseDate(text, ctx.order) !== null;
}

/** A name with a period of service in it ("Energy used (12/01/21 - 09/02/21)"): words beside the period. */
const namesPeriod = (text: string) => PERIOD.test(text) && /\p{L}{2}/u.test(text.replace(PERIOD, ' '));

/**
 * An item whose quantity was measured, printed under its name and amount without an amount of its own
 * ("PUMP 4 DIESEL  48.10" over "12.345 GAL @ $3.896/GAL", "Unleaded  92.40" over "55.00 L @ 168.0p/L"):
 * that quantity and price where they give the amount to the cent. Null otherwise.
 */
function measuredUnder(item: LooseItem, next: Line | undefined, ctx: DocContext): LooseItem | null {
  if (!next || item.checked || item.quantity !== '1' || next.cells.some((c) => MONEY.test(c.text.trim()))) return null;
  // A note written beside it on a scan ("3x3.32  geprueft") is no part of it.
  const noted = fromOcr(next, ctx) && next.cells.length >= 2 && next.cells.slice(1).every((c) => /\p{L}{3}/u.test(c.text) && !/\d[.,]\d/.test(c.text));
  const times = timesOf((noted ? next.cells[0]!.text : next.text).replace(/\s{2,}/g, ' '), ctx);
  const a = parseAmount(item.amount, ctx.decimal);
  if (!times || a === null) return null;
  const q = [times.weighed, times.q].find((n) => n !== undefined && fits(n, times.p, a));
  return q !== undefined ? { ...item, quantity: printed(q, ctx), unitPrice: printed(times.p, ctx), checked: true } : null;
}

// The price of one alone ("13.24 each", "@ $5.50 ea.", "$26.17 each").
const EACH = /^(?:@\s*)?((?:[€$£]|[A-Z]{1,3}\$)?\s*\d[\d.,]*[.,]\d{2})\s*(?:each|ea\.?|per (?:item|unit|piece))$/i;

/**
 * An item counted more than once ("2x  Caesar Salad  26.48", an app's order summary) over its price of one on a line of
 * its own ("13.24 each"): that price where the count times it gives the amount. Null otherwise.
 */
function eachUnder(item: LooseItem, next: Line | undefined, ctx: DocContext): LooseItem | null {
  const m = next && next.cells.length === 1 ? EACH.exec(next.text.trim()) : null;
  const [q, p, a] = [Number(item.quantity), m ? parseAmount(m[1]!, ctx.decimal) : null, parseAmount(item.amount, ctx.decimal)];
  return m && q > 1 && p !== null && a !== null && fits(q, p, a) ? { ...item, unitPrice: m[1]!, checked: true } : null;
}

/**
 * An item's name alone over its count and price printed with their words, and its amount ("Yoga Mat 6mm" over "Qty: 2
 * $26.17 each  $52.34", a shop app's order): one row of the name, the count times the price, and the amount. Null otherwise.
 */
function nameOverCount(line: Line, next: Line | undefined): Line | null {
  if (!next || next.page !== line.page || line.cells.length !== 1 || next.cells.length < 2 || next.cells.length > 3) return null;
  const count = /^(?:qty|quantity|menge|anzahl|cant(?:idad)?|qt[eé]|quantit[eé]|aantal)\.?\s*:?\s*(\d{1,4})$/i.exec(next.cells[0]!.text.trim());
  const each = next.cells.length === 3 ? EACH.exec(next.cells[1]!.text.trim()) : null;
  if (!count || (next.cells.length === 3 && !each) || !/\p{L}{2}/u.test(line.text) || MONEY.test(line.text.trim())) return null;
  const figures = { ...next.cells[0]!, text: each ? `${count[1]} x ${each[1]}` : count[1]!, x1: next.cells[next.cells.length - 2]!.x1 };
  const cells = each ? [line.cells[0]!, figures, next.cells[2]!] : [figures, line.cells[0]!, next.cells[1]!];
  return { ...next, cells, text: cells.map((c) => c.text).join(' '), x0: Math.min(line.x0, next.x0), y0: line.y0 };
}

/**
 * A weighed or counted item printed on two lines: its name alone, then quantity times price and
 * the amount ("Omena Royal Gala" over "2,396 kg × 3,87 €/kg  9,27"), read as one row. Null otherwise.
 */
function nameOverTimes(line: Line, next: Line | undefined, ctx: DocContext): Line | null {
  if (!next || next.page !== line.page || line.cells.length !== 1 || next.cells.length !== 2) return null;
  const name = line.cells[0]!.text.trim();
  if (!/\p{L}{2}/u.test(name) || MONEY.test(name) || !timesOf(next.cells[0]!.text, ctx)) return null;
  const cells = [line.cells[0]!, ...next.cells];
  return { ...next, cells, text: cells.map((c) => c.text).join(' '), x0: Math.min(line.x0, next.x0), y0: line.y0 };
}

const overlapOf = (a: Line, b: Line) => Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);

/**
 * One printed row that OCR split in two lines on a slightly skewed scan: one line's cells all right of
 * the other's (the figures may come out first, a little higher), and the two lines overlapping by half
 * their height, or by a third when `next` overlaps the line after it (`after`) less. Null otherwise.
 */
export function splitRow(line: Line, next: Line | undefined, after?: Line): Line | null {
  if (!next || next.page !== line.page || !line.cells.length || !next.cells.length) return null;
  const overlap = overlapOf(line, next);
  const least = Math.min(line.y1 - line.y0, next.y1 - next.y0);
  const nearer = !after || after.page !== next.page || overlapOf(next, after) < overlap;
  if (overlap < (nearer ? 1 / 3 : 0.5) * least) return null;
  const [left, right] = next.cells[0]!.x0 > line.cells[line.cells.length - 1]!.x1 ? [line, next]
    : line.cells[0]!.x0 > next.cells[next.cells.length - 1]!.x1 ? [next, line] : [];
  if (!left || !right) return null;
  const cells = [...left.cells, ...right.cells];
  return { ...line, cells, text: cells.map((c) => c.text).join(' '), x0: left.x0, x1: right.x1, y0: Math.min(line.y0, next.y0), y1: Math.max(line.y1, next.y1) };
}

/**
 * The items' sum is printed on the line right after them (or under a label alone there), or the totals
 * block starts there (a subtotal, tax or total label, past rules and specks) and prints it within its first lines.
 */
const ITEM_COUNT = /^(?:\d{1,3} ?(?:items?|item\(s\)|art(?:icles?|ikel)|pcs)|(?:no\. of )?items?:? ?\d{1,3})$/;

function addsUp(items: LooseItem[], from: number, ctx: DocContext, stop: (text: string) => boolean): boolean {
  let i = from;
  while (ctx.lines[i] && !/[\p{L}\p{N}]/u.test(ctx.lines[i]!.text)) i++;
  // Rates under the last item ("Remb. 65%  TVA 2,10%"), no money on them: passed over.
  const rates = ctx.lines[i];
  if (rates && /\d\s*%/.test(rates.text) && !stop(normLabel(rates.cells[0]?.text ?? '')) && !rates.cells.some((c) => MONEY.test(c.text.trim()))) i++;
  // A till's count of the items under them ("5 Item(s)", "Items: 5"): passed over too.
  else if (rates && ITEM_COUNT.test(normLabel(rates.text))) i++;
  while (ctx.lines[i] && !/[\p{L}\p{N}]/u.test(ctx.lines[i]!.text)) i++;
  const first = ctx.lines[i];
  if (!first) return false;
  const sum = Math.round(items.reduce((s, it) => s + (parseAmount(it.amount, ctx.decimal) ?? 0), 0) * 100) / 100;
  const prints = (l: Line) => l.page === first.page && amountsIn(l.text, ctx.decimal).some((v) => Math.abs(v - sum) <= 0.011);
  if (prints(first)) return true;
  // A label OCR put on a line of its own, its amount on the next ("Subtotale" over "87,50").
  const alone = amountsIn(first.text, ctx.decimal).length === 0 && !!ctx.lines[i + 1] && prints(ctx.lines[i + 1]!);
  // The label's row OCR split in two lines on a skewed scan ("5.00" a little above "Includes VAT 20%").
  const row = splitRow(first, ctx.lines[i + 1], ctx.lines[i + 2]) ?? first;
  return alone || (stop(normLabel(row.cells[0]?.text ?? '')) && ctx.lines.slice(i + 1, i + 4).some(prints));
}

import { amountsIn } from '../parse/amounts.js';
import type { Candidate } from './candidates.js';
import { normLabel, type DocContext } from './context.js';

// The clerk's checks: subtotal + tax = total, and line items add up to the
// subtotal (or the total when there is no tax). Among the candidate values the
// consistent set wins, even over a slightly better-labelled inconsistent one.

export interface TotalsChoice {
  total: Candidate | null;
  subtotal: Candidate | null;
  tax: Candidate | null;
  consistent: boolean;
}

const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.0005);

function top(cands: Candidate[], n: number): (Candidate | null)[] {
  const seen = new Set<number>();
  const out: (Candidate | null)[] = [];
  for (const c of cands) {
    if (seen.has(c.value as number)) continue;
    seen.add(c.value as number);
    out.push(c);
    if (out.length >= n) break;
  }
  return [...out, null];
}

export function chooseTotals(
  totals: Candidate[],
  subtotals: Candidate[],
  taxes: Candidate[],
  /** Whether the line items (as read, or re-read by their arithmetic) add up to a value; null without items. */
  itemsMatch: ((value: number) => boolean) | null,
  _ctx: DocContext,
): TotalsChoice {
  let best: TotalsChoice & { score: number } = { total: null, subtotal: null, tax: null, consistent: false, score: -1 };
  // Repaired readings double some candidates, hence the wide nets.
  for (const t of top(totals, 8)) {
    for (const s of top(subtotals, 5)) {
      for (const x of top(taxes, 5)) {
        let score = (t?.score ?? 0) + (s?.score ?? 0) * 0.6 + (x?.score ?? 0) * 0.6;
        let consistent = false;
        const tv = t?.value as number | undefined;
        const sv = s?.value as number | undefined;
        const xv = x?.value as number | undefined;
        if (tv !== undefined && sv !== undefined && xv !== undefined) {
          if (near(sv + xv, tv)) { score += 1.5; consistent = true; } else score -= 0.5;
        }
        if (itemsMatch) {
          if (sv !== undefined && itemsMatch(sv)) { score += 0.8; consistent = true; }
          else if (sv === undefined && tv !== undefined && itemsMatch(tv)) { score += 0.6; consistent = true; }
        }
        if (tv !== undefined && sv !== undefined && sv > tv + 0.01) score -= 1;
        // No tax is larger than the total it is part of (a receipt number read beside a weak label).
        if (tv !== undefined && xv !== undefined && Math.abs(xv) > Math.abs(tv) + 0.01) score -= 1;
        if (score > best.score) best = { total: t, subtotal: s, tax: x, consistent, score };
      }
    }
  }
  return best;
}

// A rate table's header (European till receipts and some invoices): net, tax and gross columns.
const NET_WORD = /^(net|netto|nett|excl|exkl|ekskl|ht|hors taxe|base|imponible|imponibile|veroton)\b/;
const GROSS_WORD = /^(gross|brutto|bruto|incl|inkl|ttc|total|totaal|gesamt|verollinen)\b/;
const TAX_WORD = /^(tax|vat|gst|mwst|ust|steuer|tva|iva|btw|moms|mva|alv|vero)\b/;
const SUM_ROW = /^(gesamt|summe|total|totaal|totale|sum|somme|summa|totalt|i alt|yhteensa)\b/;

/**
 * The net, tax and gross of a rate table ("MwSt | Netto | Steuer | Brutto" ... "Gesamt | 277,00 |
 * 49,42 | 326,42"): from its sum row, or its one row, where net + tax = gross to the cent.
 */
export function rateTableTotals(ctx: DocContext): { subtotal: Candidate; tax: Candidate; total: Candidate } | null {
  for (let i = 0; i < ctx.lines.length; i++) {
    const head = ctx.lines[i].cells.map((c) => normLabel(c.text));
    if (head.length < 3 || !head.some((h) => NET_WORD.test(h)) || !head.some((h) => GROSS_WORD.test(h))) continue;
    const rows = ctx.lines.slice(i + 1, i + 9).filter((l) => l.page === ctx.lines[i].page);
    const triples = rows.flatMap((line) => {
      const a = amountsIn(line.text, ctx.decimal).slice(-3);
      return a.length === 3 && Math.abs(a[0]! + a[1]! - a[2]!) <= 0.011 && a[2]! > 0 ? [{ line, a }] : [];
    });
    const sum = triples.find((t) => SUM_ROW.test(normLabel(t.line.text)));
    const pick = sum ?? (triples.length === 1 ? triples[0] : undefined);
    if (!pick) continue;
    const at = (value: number): Candidate => ({ value, score: 0.95, line: pick.line });
    // Net before tax, as a rule; tax first where the header's last three columns print it first
    // ("Moms % | Moms | Netto | Brutto", not "MwSt | Netto | Steuer | Brutto" whose first names the rate).
    const [first, second] = head.slice(-3);
    const taxFirst = TAX_WORD.test(first!) && NET_WORD.test(second!);
    const [net, tax] = taxFirst ? [pick.a[1]!, pick.a[0]!] : [pick.a[0]!, pick.a[1]!];
    return { subtotal: at(net), tax: at(tax), total: at(pick.a[2]!) };
  }
  return null;
}

import { amountsIn } from '../parse/amounts.js';
import type { Line } from '../layout/model.js';
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
  /** What the document may have withheld from its total (withheldAmounts()); the total is then net of it. */
  withheld: number[] = [],
): TotalsChoice {
  let best: TotalsChoice & { score: number } = { total: null, subtotal: null, tax: null, consistent: false, score: -1 };
  // Repaired readings double some candidates, hence the wide nets.
  for (const t of top(totals, 8)) {
    for (const s of top(subtotals, 5)) {
      for (const x of top(taxes, 5)) {
        let score = (t?.score ?? 0) + (s?.score ?? 0) * 0.6 + (x?.score ?? 0) * 0.6;
        let consistent = false;
        let net = false;
        const tv = t?.value as number | undefined;
        const sv = s?.value as number | undefined;
        const xv = x?.value as number | undefined;
        if (tv !== undefined && sv !== undefined && xv !== undefined) {
          // The total net of what the payer withholds is what it pays: it wins over the gross above it.
          if (withheld.some((w) => w > 0 && near(sv + xv - w, tv))) { score += 1.8; consistent = true; net = true; }
          else if (near(sv + xv, tv)) { score += 1.5; consistent = true; } else score -= 0.5;
        }
        if (itemsMatch) {
          if (sv !== undefined && itemsMatch(sv)) { score += 0.8; consistent = true; }
          else if (sv === undefined && tv !== undefined && itemsMatch(tv)) { score += 0.6; consistent = true; }
        }
        if (tv !== undefined && sv !== undefined && sv > tv + 0.01 && !net) score -= 1;
        // No tax is larger than the total it is part of (a receipt number read beside a weak label).
        if (tv !== undefined && xv !== undefined && Math.abs(xv) > Math.abs(tv) + 0.01) score -= 1;
        if (score > best.score) best = { total: t, subtotal: s, tax: x, consistent, score };
      }
    }
  }
  return best;
}

/**
 * A total no label gave (its line taken for a table's row): the subtotal plus a tax where that sum is
 * printed on another line than the subtotal's, on the last line that prints it.
 */
export function printedSum(subtotal: Candidate, tax: Candidate, ctx: DocContext): Candidate | null {
  // A tax of nothing makes the subtotal its own sum: no evidence of a total.
  if (!((tax.value as number) > 0)) return null;
  const sum = Math.round(((subtotal.value as number) + (tax.value as number)) * 100) / 100;
  const line = ctx.lines.findLast((l) => l !== subtotal.line && amountsIn(l.text, ctx.decimal).some((a) => near(a, sum)));
  return line ? { value: sum, score: Math.min(subtotal.score, tax.score) * 0.8, line } : null;
}

// A tax withheld by the payer and taken off the total: Spain's IRPF, Mexico's ISR and IVA retenidos,
// a US backup withholding, Italy's ritenuta d'acconto, a French retenue, the UK's Construction Industry
// Scheme deduction ("Less CIS deduction 20% on labour": the contractor pays it to HMRC for the subcontractor).
const WITHHOLDING = /\b(retencion(es)?|retenid[oa]s?|irpf|withholding|withheld|ritenuta|retenue|cis (deduction|deducted|tax))\b/;
const SUM_LABEL = /^total/;

/**
 * The amounts a document withholds from its total, as alternatives: the sum of its withholding lines
 * and, where it prints one, their total ("Total impuestos retenidos").
 */
export function withheldAmounts(ctx: DocContext, exclude: Set<Line>): number[] {
  const parts: number[] = [];
  const sums: number[] = [];
  for (const line of ctx.lines) {
    if (exclude.has(line)) continue;
    const label = normLabel(line.text);
    if (!WITHHOLDING.test(label)) continue;
    const amount = amountsIn(line.text, ctx.decimal).filter((a) => a !== 0).at(-1);
    if (amount === undefined) continue;
    (SUM_LABEL.test(label) ? sums : parts).push(Math.abs(amount));
  }
  const out = parts.length ? [Math.round(parts.reduce((a, b) => a + b, 0) * 100) / 100, ...sums] : sums;
  return [...new Set(out)];
}

/**
 * Tax charged in several rows (India's CGST and SGST, or IGST at two rates; VAT at two rates): the
 * rows' sum is a candidate too, from tax lines printed one under the other. The totals cross-check
 * takes it only where subtotal + sum = total.
 */
export function summedTaxes(taxes: Candidate[], ctx: DocContext): Candidate[] {
  const byLine = new Map<Line, Candidate>();
  for (const c of taxes) if (!byLine.has(c.line) && typeof c.value === 'number' && c.value > 0) byLine.set(c.line, c);
  const rows = [...byLine.values()].map((c) => ({ c, at: ctx.lines.indexOf(c.line) })).sort((a, b) => a.at - b.at);
  const out: Candidate[] = [];
  let run: typeof rows = [];
  const flush = () => {
    if (run.length >= 2) {
      const value = Math.round(run.reduce((s, r) => s + (r.c.value as number), 0) * 100) / 100;
      out.push({ value, score: Math.min(...run.map((r) => r.c.score)) * 0.95, line: run[run.length - 1]!.c.line });
    }
  };
  for (const r of rows) {
    if (run.length && r.at - run[run.length - 1]!.at > 2) { flush(); run = []; }
    run.push(r);
  }
  flush();
  return out;
}

// A rate table's header (European till receipts and some invoices): net, tax and gross columns,
// each named by its first word, after a word for "value" or "amount" ("Wartość netto", "Kwota
// VAT", "Výše DPH", "Betrag MwSt"), or by its last word (a cell OCR ran into the one before it).
const QUALIFIER = '(?:(?:wartosc|kwota|vyse|castka|suma|wert|betrag|bedrag|belopp|valeur|montant|importe|valor|value|amount|osszeg|iznos|znesek)\\s+)?';
const headWord = (words: string) => new RegExp(`^${QUALIFIER}(${words})\\b|\\s(${words})$`);
const NET_WORD = headWord('net|netto|nett|excl|exkl|ekskl|ht|hors taxe|base|imponible|imponibile|veroton|zaklad|zakladu|podstawa');
const GROSS_WORD = headWord('gross|brutto|bruto|incl|inkl|ttc|total|totaal|gesamt|verollinen|celkem|ukupno|razem');
const TAX_WORD = headWord('tax|vat|gst|mwst|ust|steuer|tva|iva|btw|moms|mva|alv|vero|dph|pdv|afa|ddv|kdv|pvm|pvn');
// The line items' header ("Lp. | Nazwa | Ilość | Cena netto | Wartość netto | Wartość brutto") is no
// rate table, though it may name the same columns.
const ITEMS_WORD = /^(lp|pos|nr|no|description|descripcion|descricao|descrizione|beschreibung|bezeichnung|artikel|article|designation|libelle|omschrijving|nazwa|popis|naziv|megnevezes|item|items|produkt|product|qty|quantity|menge|anzahl|ilosc|mnozstvi|quantite|qte|cantidad|quantita|aantal|antal|kolicina|mennyiseg)\b/;
// A sum row's first word, in the languages above and those of Central and Eastern Europe
// ("Razem", "Ogółem", "Celkem", "Spolu", "Összesen", "Ukupno", "Skupaj", "Toplam", "Kokku").
const SUM_ROW = /^(gesamt|summe|total|tot|totaal|totale|sum|suma|somme|summa|totalt|i alt|yhteensa|razem|ogolem|celkem|spolu|osszesen|ukupno|skupaj|toplam|kokku|kopa|is viso)\b/;

/**
 * The net, tax and gross of a rate table ("MwSt | Netto | Steuer | Brutto" ... "Gesamt | 277,00 |
 * 49,42 | 326,42"): from its sum row, or its one row, where net + tax = gross to the cent. A sum row
 * under any such header comes first: an item table's header may name net and gross too, and its
 * rows above the rate table hold one that adds up ("Wartość netto | Kwota VAT | Wartość brutto").
 */
export function rateTableTotals(ctx: DocContext): { subtotal: Candidate; tax: Candidate; total: Candidate } | null {
  let single: { head: string[]; pick: { line: Line; a: number[] } } | undefined;
  for (let i = 0; i < ctx.lines.length; i++) {
    const head = ctx.lines[i].cells.map((c) => headName(c.text));
    if (head.length < 3 || !head.some((h) => NET_WORD.test(h)) || !head.some((h) => GROSS_WORD.test(h)) || head.some((h) => ITEMS_WORD.test(h))) continue;
    const rows = ctx.lines.slice(i + 1, i + 9).filter((l) => l.page === ctx.lines[i].page);
    const triples = rows.flatMap((line) => {
      const a = amountsIn(line.text, ctx.decimal).slice(-3);
      return a.length === 3 && Math.abs(a[0]! + a[1]! - a[2]!) <= 0.011 && a[2]! > 0 ? [{ line, a }] : [];
    });
    // The sum row by its word, or (its word misread, "Gesam") by its arithmetic: the rows above it add up to it, column by column.
    const sum = triples.find((t) => SUM_ROW.test(normLabel(t.line.text))) ?? sumOfRows(triples);
    if (sum) return rateParts(head, sum);
    if (triples.length === 1) single ??= { head, pick: triples[0]! };
  }
  return single ? rateParts(single.head, single.pick) : null;
}

function sumOfRows<T extends { a: number[] }>(rows: T[]): T | undefined {
  const last = rows.at(-1);
  if (!last || rows.length < 3) return undefined;
  return [0, 1, 2].every((k) => Math.abs(rows.slice(0, -1).reduce((s, r) => s + r.a[k]!, 0) - last.a[k]!) <= 0.011) ? last : undefined;
}

/**
 * A header cell's words, lower case without accents; a 6 ending a word of letters is the ó OCR misread
 * ("Nettó" read `Nett6`, "Bruttó" `Brutt6`, as Hungarian headers are).
 */
const headName = (text: string) => normLabel(text).replace(/(\p{L}{3})6\b/gu, '$1o');

function rateParts(head: string[], pick: { line: Line; a: number[] }): { subtotal: Candidate; tax: Candidate; total: Candidate } {
  const at = (value: number): Candidate => ({ value, score: 0.95, line: pick.line });
  // Net before tax, as a rule; tax first where the header's last three columns print it first
  // ("Moms % | Moms | Netto | Brutto", not "MwSt | Netto | Steuer | Brutto" whose first names the rate).
  const [first, second] = head.slice(-3);
  const taxFirst = TAX_WORD.test(first!) && NET_WORD.test(second!);
  const [net, tax] = taxFirst ? [pick.a[1]!, pick.a[0]!] : [pick.a[0]!, pick.a[1]!];
  return { subtotal: at(net), tax: at(tax), total: at(pick.a[2]!) };
}

/**
 * The foot of an item table that sums its columns on one row ("Total | 11.447,00 | 2.000,49", a Romanian
 * factura's value and VAT columns) with the total to pay printed on one of the next lines ("Total de plată
 * (col. 5 + col. 6) | 13.447,49"): a sum row of two figures, the second less than a third of the first
 * (a tax, not a quantity or a price), that add up to the last figure of a line just below it.
 */
export function footTotals(ctx: DocContext): { subtotal: Candidate; tax: Candidate; total: Candidate } | null {
  for (let i = 0; i < ctx.lines.length; i++) {
    const line = ctx.lines[i]!;
    if (!SUM_ROW.test(normLabel(line.cells[0]?.text ?? '')) || /\p{L}/u.test(line.cells.slice(1).map((c) => c.text).join(' '))) continue;
    const a = amountsIn(line.cells.slice(1).map((c) => c.text).join('   '), ctx.decimal);
    if (line.cells.length !== 3 || a.length !== 2 || !(a[1]! > 0) || a[1]! * 3 > a[0]!) continue;
    const sum = Math.round((a[0]! + a[1]!) * 100) / 100;
    const totalLine = ctx.lines.slice(i + 1, i + 4).find((l) => l.page === line.page && near(amountsIn(l.text, ctx.decimal).at(-1) ?? NaN, sum));
    if (!totalLine) continue;
    const at = (value: number, l: Line): Candidate => ({ value, score: 0.95, line: l });
    return { subtotal: at(a[0]!, line), tax: at(a[1]!, line), total: at(sum, totalLine) };
  }
  return null;
}

// A Chinese VAT invoice (发票) sums its items before tax and their tax on its 合计 row ("合 计 ￥454.00 ￥27.24",
// the characters often spaced or in cells of their own) and prints the total on the 价税合计 (tax and price
// together) line, in words and in figures (小写).
const FAPIAO_SUM = /^合\s*计(?!\S*[（(]?大写)/;
const FAPIAO_TOTAL = /价\s*税\s*合\s*计/;

/** The subtotal and tax of a Chinese VAT invoice's 合计 row where they add up to its 价税合计, and that total. */
export function fapiaoTotals(ctx: DocContext): { subtotal: Candidate; tax: Candidate; total: Candidate } | null {
  const totalLine = ctx.lines.find((l) => FAPIAO_TOTAL.test(l.text));
  const total = totalLine ? amountsIn(totalLine.text, ctx.decimal).filter((a) => a > 0).at(-1) : undefined;
  if (!totalLine || total === undefined) return null;
  for (const line of ctx.lines) {
    if (line === totalLine || !FAPIAO_SUM.test(line.text.trim())) continue;
    const a = amountsIn(line.text, ctx.decimal).filter((x) => x > 0);
    if (a.length !== 2 || Math.abs(a[0]! + a[1]! - total) > 0.011) continue;
    const at = (value: number, l: Line): Candidate => ({ value, score: 0.95, line: l });
    return { subtotal: at(a[0]!, line), tax: at(a[1]!, line), total: at(total, totalLine) };
  }
  return null;
}

// A tax summary's columns (India's HSN summary, a marketplace's VAT table by rate): the taxable
// amount and the tax, without a gross column (rateTableTotals reads those with one).
// hr/sr/bs: a receipt's "Porez | Osnovica | Iznos poreza" (tax, its base, the tax's amount).
const NET_COLUMN = /\b(taxable|net|netto|nett|excl|exkl|ekskl|base|imponible|imponibile|ht|veroton|zaklad|podstawa|osnovica|osnova)\b/;
const TAX_COLUMN = /\b(tax|vat|gst|igst|cgst|sgst|utgst|mwst|ust|steuer|tva|iva|btw|moms|mva|alv|vero|dph|pdv|afa|ddv|kdv|pvm|pvn|imposta|impuesto|imposto|poreza)\b/;
// A rate, a code, or the stamp duty ("Imposta di bollo"): no column of the tax charged.
const NOT_AMOUNT_COLUMN = /\b(rate|satz|taux|tasa|aliquota|tarief|sats|hsn|sac|code|bollo)\b|%/;

/**
 * Net and tax from a tax summary table with no gross column: its sum row (or its one row), each
 * figure taken under its column's name; where several tax columns stand (CGST and SGST) and no
 * total tax column, their sum. Candidates only: the totals cross-check decides.
 */
export function taxTableParts(ctx: DocContext): { subtotal: Candidate; tax: Candidate } | null {
  for (let i = 0; i < ctx.lines.length; i++) {
    const head = ctx.lines[i].cells;
    if (head.length < 3) continue;
    const names = head.map((c) => normLabel(c.text));
    if (names.some((h) => GROSS_WORD.test(h) && !TAX_COLUMN.test(h) && !NET_COLUMN.test(h))) continue;
    const net = head.filter((_, k) => NET_COLUMN.test(names[k]!) && !NOT_AMOUNT_COLUMN.test(names[k]!));
    const taxCols = head.filter((_, k) => TAX_COLUMN.test(names[k]!) && !NET_COLUMN.test(names[k]!) && !NOT_AMOUNT_COLUMN.test(names[k]!));
    if (net.length !== 1 || !taxCols.length) continue;
    const totalTax = taxCols.filter((c) => /^total/.test(normLabel(c.text)));
    const taxes = totalTax.length === 1 ? totalTax : taxCols;
    const rows = ctx.lines.slice(i + 1, i + 10).filter((l) => l.page === ctx.lines[i].page);
    const under = (line: Line, col: { x0: number; x1: number }) => {
      const cell = line.cells
        .map((c) => ({ c, overlap: Math.min(c.x1, col.x1) - Math.max(c.x0, col.x0) }))
        .filter((x) => x.overlap > 0)
        .sort((a, b) => b.overlap - a.overlap)[0]?.c;
      const a = cell && !/%/.test(cell.text) ? amountsIn(cell.text, ctx.decimal) : [];
      return a.length === 1 ? a[0]! : null;
    };
    const read = (line: Line) => {
      const n = under(line, net[0]!);
      const t = taxes.map((c) => under(line, c));
      return n !== null && n > 0 && t.every((x) => x !== null) ? { line, net: n, tax: Math.round(t.reduce((a, b) => a + b!, 0) * 100) / 100 } : null;
    };
    const readRows = rows.map(read).filter((r) => r !== null);
    const sum = readRows.find((r) => SUM_ROW.test(normLabel(r.line.text))) ?? sumByArithmetic(readRows);
    const pick = sum ?? (readRows.length === 1 ? readRows[0] : undefined);
    // A tax of nothing only where the table's sum says so (an invoice outside the tax's scope).
    if (!pick || !(pick.tax > 0 || (sum && pick.tax === 0)) || pick.tax >= pick.net) continue;
    return { subtotal: { value: pick.net, score: 0.9, line: pick.line }, tax: { value: pick.tax, score: 0.9, line: pick.line } };
  }
  return rateRowParts(ctx);
}

/**
 * The same table where OCR merged its header's cells ("Porez Osnovica | Iznos poreza"), so no column can be placed:
 * its rows by their arithmetic instead. Each rate's row ends in its base and its tax, the rate of the base
 * ("PDV 25% | 1,76 | 0,44"); the sum row ("Ukupno 10,21 | 1,09") adds up both.
 */
function rateRowParts(ctx: DocContext): { subtotal: Candidate; tax: Candidate } | null {
  for (let i = 0; i < ctx.lines.length; i++) {
    const name = normLabel(ctx.lines[i].text);
    if (!NET_COLUMN.test(name) || !TAX_COLUMN.test(name) || GROSS_WORD.test(name) || amountsIn(ctx.lines[i].text, ctx.decimal).length) continue;
    const rates: { net: number; tax: number }[] = [];
    for (const line of ctx.lines.slice(i + 1, i + 10).filter((l) => l.page === ctx.lines[i].page)) {
      const rate = line.text.match(/(\d{1,2}(?:[.,]\d{1,2})?) ?%/);
      const a = amountsIn(line.text.slice((rate?.index ?? 0) + (rate?.[0].length ?? 0)), ctx.decimal).slice(-2);
      if (rate && a.length === 2 && Math.abs((a[0]! * parseFloat(rate[1]!.replace(',', '.'))) / 100 - a[1]!) <= 0.011) {
        rates.push({ net: a[0]!, tax: a[1]! });
        continue;
      }
      const sum = (key: 'net' | 'tax') => Math.round(rates.reduce((t, r) => t + r[key], 0) * 100) / 100;
      if (!rates.length || !SUM_ROW.test(normLabel(line.text)) || a.length !== 2) continue;
      if (Math.abs(a[0]! - sum('net')) > 0.011 || Math.abs(a[1]! - sum('tax')) > 0.011) break;
      return { subtotal: { value: a[0]!, score: 0.9, line }, tax: { value: a[1]!, score: 0.9, line } };
    }
  }
  return null;
}

/**
 * The last of a tax summary's rows where it adds up the others, net and tax, to the cent: its sum row,
 * whose label OCR may have put on a line of its own.
 */
function sumByArithmetic<R extends { net: number; tax: number }>(rows: R[]): R | undefined {
  const last = rows.at(-1);
  if (!last || rows.length < 3) return undefined;
  const others = rows.slice(0, -1);
  const adds = (key: 'net' | 'tax') => Math.abs(others.reduce((s, r) => s + r[key], 0) - last[key]) <= 0.011;
  return adds('net') && adds('tax') ? last : undefined;
}

// Standard VAT and sales-tax rates, in percent, that a net and its tax may stand in.
const VAT_RATES = [5, 6, 7, 7.7, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 27];

/**
 * Net and tax printed without a label the page kept (a Korean receipt's 공급가액 and 부가세, which an
 * OCR without Hangul leaves as bare figures): two amounts, side by side on one line or each alone on
 * lines next to each other, net first, that add up to `total`, the tax a standard rate of the net to
 * the currency's rounding, on lines without a word. With `total` null: three such figures, the third
 * the sum of the first two (net, tax, total), which also give the total. Weak candidates, for a
 * document where no subtotal or tax was read at all.
 */
export function unlabelledParts(ctx: DocContext, total: number | null): { subtotal: Candidate; tax: Candidate; total: Candidate } | null {
  const sumOf = (net: number, tax: number) => Math.round((net + tax) * 100) / 100;
  const rated = (net: number, tax: number) => net > tax && tax > 0
    && VAT_RATES.some((r) => Math.abs(tax - (net * r) / 100) <= (Number.isInteger(net) && Number.isInteger(tax) ? 1 : 0.02));
  // No word and no rate: a rate table's row ("A19% | 174,09 | 33,08 | 207,17") is no run of bare figures.
  const bare = (line: Line | undefined) => line !== undefined && !/\p{L}{2,}|%/u.test(line.text) ? line : undefined;
  // The figures in reading order, each with its line: a bare line's amounts, then the next bare line's.
  for (let i = 0; i < ctx.lines.length; i++) {
    const run: Array<{ value: number; line: Line }> = [];
    for (let k = i; k < i + 3 && run.length < 3; k++) {
      const line = bare(ctx.lines[k]);
      if (!line || (k > i && ctx.lines[k]!.page !== ctx.lines[i]!.page)) break;
      const a = amountsIn(line.text, ctx.decimal);
      if (k > i && a.length !== 1) break;
      run.push(...a.map((value) => ({ value, line })));
    }
    for (let k = 0; k + 1 < run.length; k++) {
      const [net, tax] = [run[k]!, run[k + 1]!];
      if (!rated(net.value, tax.value)) continue;
      // Three figures only each on a line of its own, one under the other.
      const sum = run[k + 2] && new Set([net.line, tax.line, run[k + 2]!.line]).size === 3 ? run[k + 2] : undefined;
      const at = total !== null && near(sumOf(net.value, tax.value), total) ? { value: total, line: tax.line }
        : total === null && sum && near(sumOf(net.value, tax.value), sum.value) ? sum : undefined;
      if (at) return { subtotal: { value: net.value, score: 0.5, line: net.line }, tax: { value: tax.value, score: 0.5, line: tax.line }, total: { value: at.value, score: 0.5, line: at.line } };
    }
  }
  return null;
}

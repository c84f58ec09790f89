import type { Line, PageLayout } from '../layout/model.js';
import type { ExtractedField, FieldDefinition, SchemaForExtraction } from '../types.js';
import { currencyOf } from '../parse/amounts.js';
import { buildContext, type DocContext } from './context.js';
import { candidatesFor, type Candidate } from './candidates.js';
import { roleOf, type Role } from './roles.js';
import { readTableRows, rowsToItems, type TableRow } from './table.js';
import { reconcile, rowNumbers, type RowNumbers } from './rows.js';
import { amountsIn } from '../parse/amounts.js';
import { chooseTotals } from './totals.js';
import { guessVendor } from './vendor.js';

// Schema-driven extraction: every field is read by its role's label synonyms,
// then totals are settled together by the cross-checks.

const AMOUNT_ROLES: Role[] = ['total', 'subtotal', 'tax'];

export function extractFields(pages: PageLayout[], schema: SchemaForExtraction): ExtractedField[] {
  const ctx = buildContext(pages);
  const { rows, headerLines } = readTableRows(ctx);
  const tableLines = new Set<Line>([...headerLines, ...rows.flatMap((r) => r.lines)]);
  const roles = schema.fields.map((f) => roleOf(f));

  const amountCands = new Map<Role, Candidate[]>();
  for (const role of AMOUNT_ROLES) {
    const idx = roles.indexOf(role);
    const field = idx >= 0 ? schema.fields[idx] : { title: role, type: 'NUMBER' as const };
    amountCands.set(role, candidatesFor(field, role, ctx, tableLines).map(preferLower(ctx)));
  }
  let numbers = rows.map((r) => rowNumbers(r, ctx));
  const sumOf = (ns: RowNumbers[]) =>
    ns.length && ns.every((n) => n.amount !== null) ? Math.round(ns.reduce((s, n) => s + (n.amount as number), 0) * 100) / 100 : null;
  let totals = chooseTotals(amountCands.get('total')!, amountCands.get('subtotal')!, amountCands.get('tax')!, sumOf(numbers), ctx);
  const target = (totals.subtotal?.value as number | undefined) ?? (totals.tax ? undefined : (totals.total?.value as number | undefined));
  const reconciled = reconcile(numbers, target ?? null);
  if (reconciled !== numbers) {
    numbers = reconciled;
    totals = chooseTotals(amountCands.get('total')!, amountCands.get('subtotal')!, amountCands.get('tax')!, sumOf(numbers), ctx);
  }
  if (!totals.tax && totals.total && totals.subtotal) totals = { ...totals, tax: taxFromDifference(totals.total, totals.subtotal, ctx) };

  return schema.fields.map((field, i) => {
    const role = roles[i];
    let cand: Candidate | null;
    if (role === 'lineItems') return lineItemsField(field, rows, numbers, ctx, totals.consistent);
    if (role === 'total' || role === 'subtotal' || role === 'tax') {
      cand = totals[role];
      if (cand && totals.consistent) cand = { ...cand, score: Math.min(1, cand.score + 0.2) };
    } else if (role === 'currency') cand = currencyCandidate(field, ctx);
    else if (role === 'vendor') cand = candidatesFor(field, role, ctx, tableLines)[0] ?? guessVendor(ctx, tableLines);
    else cand = candidatesFor(field, role, ctx, tableLines)[0] ?? null;
    return toField(field, cand, ctx);
  });
}

function preferLower(ctx: DocContext) {
  // Grand totals sit at the end of a document: nudge later occurrences up.
  const n = ctx.lines.length || 1;
  return (c: Candidate): Candidate => ({ ...c, score: c.score + 0.1 * (ctx.lines.indexOf(c.line) / n) });
}

function currencyCandidate(field: FieldDefinition, ctx: DocContext): Candidate | null {
  const labelled = candidatesFor(field, 'currency', ctx, new Set())[0];
  if (labelled) return labelled;
  const code = currencyOf(ctx.text);
  return code ? { value: code, score: 0.8, line: ctx.lines[0] } : null;
}

// A tax line whose label OCR garbled still shows the amount: the one printed
// value equal to total minus subtotal.
function taxFromDifference(total: Candidate, subtotal: Candidate, ctx: DocContext): Candidate | null {
  const diff = Math.round(((total.value as number) - (subtotal.value as number)) * 100) / 100;
  if (!(diff > 0)) return null;
  const line = ctx.lines.find((l) => l.cells.some((c) => amountsIn(c.text, ctx.decimal).some((a) => Math.abs(a - diff) <= 0.011)));
  return line ? { value: diff, score: 0.6, line } : null;
}

function lineItemsField(field: FieldDefinition, rows: TableRow[], numbers: RowNumbers[], ctx: DocContext, consistent: boolean): ExtractedField {
  const items = field.items?.length
    ? field.items
    : [{ title: 'Description', type: 'STRING' as const }, { title: 'Quantity', type: 'NUMBER' as const },
       { title: 'Unit Price', type: 'NUMBER' as const }, { title: 'Amount', type: 'NUMBER' as const }];
  const value = rows.length ? rowsToItems(rows, numbers, items, ctx) : null;
  const confidence = rows.length ? (consistent ? 0.9 : 0.7) * ctx.quality : 0;
  return base(field, value, confidence);
}

function toField(field: FieldDefinition, cand: Candidate | null, ctx: DocContext): ExtractedField {
  if (!cand || cand.score < 0.3) return base(field, null, 0);
  return base(field, cand.value, Math.round(Math.min(1, cand.score) * ctx.quality * 100) / 100);
}

function base(field: FieldDefinition, value: unknown, confidence: number): ExtractedField {
  return {
    fieldId: field.id,
    title: field.title ?? field.id ?? '',
    type: (field.type ?? 'STRING').toLowerCase(),
    description: field.description ?? '',
    hidden: field.hidden ?? false,
    value,
    confidence,
  };
}

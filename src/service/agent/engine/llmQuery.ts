// The model's part in reading a question: one tool, `query_documents`, whose arguments are the
// engine's Query (intent and filters). The model never sees or states figures at this step; the
// names it gives are matched against the documents with the same thresholds as the built-in
// parser, and compute.ts does the arithmetic.
import { z } from 'zod';
import { findNumbers, findVendors } from './entities.js';
import { INTENTS, type Query } from './question.js';
import type { DocRecord, Role } from './records.js';

const ROLES = ['number', 'date', 'due', 'vendor', 'total', 'tax', 'currency'] as const;
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ToolArgs = z.object({
  intent: z.enum(INTENTS),
  field: z.enum(ROLES).optional(),
  invoice_numbers: z.array(z.string()).optional(),
  vendors: z.array(z.string()).optional(),
  date_field: z.enum(['date', 'due']).optional(),
  date_from: Day.optional(),
  date_to: Day.optional(),
  compare_periods: z.array(z.object({ from: Day, to: Day, label: z.string().optional() })).length(2).optional(),
  currency: z.string().regex(/^[A-Za-z]{3}$/).optional(),
  min_amount: z.number().optional(),
  max_amount: z.number().optional(),
  review_state: z.enum(['needs_review', 'corrected']).optional(),
  item: z.string().optional(),
  item_measure: z.enum(['quantity', 'amount']).optional(),
  group_by: z.enum(['vendor', 'month', 'currency']).optional(),
});
export type ToolArgs = z.infer<typeof ToolArgs>;

/** The tool as the chat-completions API describes functions (JSON Schema of ToolArgs). */
export const QUERY_TOOL = {
  type: 'function',
  function: {
    name: 'query_documents',
    description:
      'Run a query over the invoices in scope. The service computes every figure; you only say what is asked. ' +
      'intent: lookup (a field of named invoices), sum, average, max, min, count, list, compare (two vendors or two periods), ' +
      'items (line items: quantity bought or amount paid for an item), latest, earliest, overdue, search (free text).',
    parameters: {
      type: 'object',
      properties: {
        intent: { type: 'string', enum: [...INTENTS] },
        field: { type: 'string', enum: [...ROLES], description: 'The field asked for in a lookup.' },
        invoice_numbers: { type: 'array', items: { type: 'string' }, description: 'Invoice numbers named in the question, as written.' },
        vendors: { type: 'array', items: { type: 'string' }, description: 'Vendor names as written in the question.' },
        date_field: { type: 'string', enum: ['date', 'due'], description: 'Whether the period applies to the invoice date or the due date.' },
        date_from: { type: 'string', description: 'First day of the period, YYYY-MM-DD.' },
        date_to: { type: 'string', description: 'Last day of the period, YYYY-MM-DD.' },
        compare_periods: { type: 'array', items: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, label: { type: 'string' } }, required: ['from', 'to'] } },
        currency: { type: 'string', description: 'ISO 4217 code the question restricts to.' },
        min_amount: { type: 'number' },
        max_amount: { type: 'number' },
        review_state: { type: 'string', enum: ['needs_review', 'corrected'] },
        item: { type: 'string', description: 'The line item asked about.' },
        item_measure: { type: 'string', enum: ['quantity', 'amount'] },
        group_by: { type: 'string', enum: ['vendor', 'month', 'currency'] },
      },
      required: ['intent'],
    },
  },
} as const;

/** The model's arguments as the engine's Query, names matched against the documents. */
export function queryFromTool(args: ToolArgs, records: DocRecord[]): Query {
  const q: Query = {
    intent: args.intent,
    field: args.field as Role | undefined,
    numbers: [],
    vendors: [],
    dateField: args.date_field ?? 'date',
    currency: args.currency?.toUpperCase(),
    minAmount: args.min_amount,
    maxAmount: args.max_amount,
    review: args.review_state,
    item: args.item,
    measure: args.item_measure ?? (args.item ? 'amount' : undefined),
    groupBy: args.group_by,
  };
  if (args.date_from || args.date_to) q.period = { from: args.date_from, to: args.date_to, label: [args.date_from, args.date_to].filter(Boolean).join(' – ') };
  if (args.compare_periods) q.periods = args.compare_periods.map((p) => ({ from: p.from, to: p.to, label: p.label ?? `${p.from} – ${p.to}` })) as Query['periods'];
  for (const n of args.invoice_numbers ?? []) {
    const found = findNumbers(`invoice ${n}`, records);
    q.numbers.push(...found.named.map((r) => r.doc.documentId));
    if (found.named.length === 0) q.unknownNumber ??= n;
  }
  for (const name of args.vendors ?? []) {
    const found = findVendors(name, records);
    if (found.ambiguous) q.ambiguous = { term: name, candidates: found.ambiguous.candidates.map((v) => v.name) };
    else if (found.vendors.length === 0) q.unknownVendor ??= name;
    else q.vendors.push(...found.vendors.map((v) => v.name));
  }
  return q;
}

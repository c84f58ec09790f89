// The ledger's second sheet: one row per line item, each led by what identifies its
// document (number, date, vendor, the file as a link), then the item's own columns (the
// union over the ledger, in order of first appearance). Amount-like columns get the
// document's currency format.
import { amountNumFmt } from './ledger-format.js';
import type { LedgerFormat } from './ledger-format.js';
import { labelsFor, rolesOf } from './ledger-layout.js';
import type { StoredRow } from './ledger-store.js';
import { currencyOf, fieldCell, text, valueCell, type LedgerCell } from './ledger-table.js';

export interface ItemSheet { header: string[]; rows: LedgerCell[][] }

const AMOUNT_TITLE = /price|amount|total|net|tax|betrag|preis|montant|prix|importe|金額|単価|小計/i;

export function itemSheet(rows: readonly StoredRow[], f: LedgerFormat): ItemSheet {
  const label = labelsFor(f.locale);
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    for (const field of r.fields) {
      for (const item of field.i ?? []) {
        for (const key of Object.keys(item)) if (!seen.has(key)) (seen.add(key), columns.push(key));
      }
    }
  }
  const header = [label('number'), label('date'), label('vendor'), label('file'), label('lineNo'), ...columns];
  const out: LedgerCell[][] = [];
  for (const r of rows) {
    if (r.status === 'deleted') continue;
    const roles = rolesOf(r.fields);
    const currency = currencyOf(roles.get('currency'));
    const lead = [fieldCell(roles.get('number'), f), fieldCell(roles.get('date'), f), fieldCell(roles.get('vendor'), f),
      { ...text(r.relPath), link: r.relPath }];
    let n = 0;
    for (const field of r.fields) {
      for (const item of field.i ?? []) {
        n += 1;
        out.push([...lead, { text: String(n), typed: n, kind: 'number' }, ...columns.map((c) => itemCell(item[c], c, currency, f))]);
      }
    }
  }
  return { header, rows: out };
}

function itemCell(v: unknown, title: string, currency: string | null, f: LedgerFormat): LedgerCell {
  // A string that is an ISO date becomes a date; anything else stays text.
  const cell = valueCell(v, typeof v === 'number' ? 'number' : 'date', f);
  return cell.kind === 'number' && AMOUNT_TITLE.test(title) ? { ...cell, numFmt: amountNumFmt(f.locale, currency) } : cell;
}

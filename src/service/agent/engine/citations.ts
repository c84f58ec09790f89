// A citation quotes where a figure came from: the page line that shows the value, or the
// extracted values when no page shows it.
import type { Citation } from '../../../contract/agent.js';
import type { DB } from '../../store/sql.js';
import { numberOf, textOf, type DocRecord, type Role } from './records.js';

const SNIPPET = 200;

/** How a value may be printed on the page. */
function renderings(record: DocRecord, role: Role): string[] {
  const field = record.roles[role];
  const n = numberOf(field);
  if (role === 'total' || role === 'tax') {
    if (n === undefined) return [];
    return [
      n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      n.toLocaleString('en-US'),
      n.toFixed(2),
      String(n),
    ];
  }
  const text = textOf(field);
  if (!text) return [];
  if (role === 'date' || role === 'due') {
    const [y, m, d] = text.split('-');
    return [text, `${d}/${m}/${y}`, `${m}/${d}/${y}`, `${Number(m)}/${Number(d)}/${y}`, `${y}/${m}/${d}`, `${y}年${Number(m)}月${Number(d)}日`];
  }
  return [text];
}

const clip = (s: string) => (s.length > SNIPPET ? `${s.slice(0, SNIPPET - 1)}…` : s);

/** Words of the line a value of this role is printed on ("Total: 1,200.00", not "Subtotal: 1,200.00"). */
const LABELS: Partial<Record<Role, RegExp>> = {
  total: /(?<!sub\s?)\btotal\b|amount due|grand|合計|総額/i,
  tax: /\b(tax|vat|gst|mwst|tva|iva)\b|税/i,
  due: /\bdue\b|payment|期限|期日|fällig|échéance/i,
  date: /\bdate\b|dated|日付|発行日|datum/i,
  number: /\b(no|number|invoice|#)\b|番号/i,
};

export function citeValue(db: DB, record: DocRecord, roles: Role[]): Citation {
  const pages = db
    .prepare('SELECT page, text FROM document_pages WHERE document_id = ? AND file_id = ? ORDER BY page')
    .all(record.doc.documentId, record.doc.fileId) as { page: number; text: string }[];
  for (const role of roles) {
    let best: { page: number; line: string; score: number } | undefined;
    for (const needle of renderings(record, role)) {
      for (const { page, text } of pages) {
        for (const line of text.split(/\r?\n/)) {
          if (!line.includes(needle)) continue;
          const score = LABELS[role]?.test(line) ? 1 : 0;
          if (!best || score > best.score) best = { page, line, score };
        }
      }
      if (best?.score === 1) break;
    }
    if (best) return { file_id: record.doc.fileId, document_id: record.doc.documentId, page: best.page, snippet: clip(best.line.trim()) };
  }
  const summary = roles
    .map((role) => record.roles[role])
    .filter((f) => f !== undefined)
    .map((f) => `${f!.title}: ${typeof f!.value === 'object' ? JSON.stringify(f!.value) : String(f!.value)}`)
    .join(' · ');
  return { file_id: record.doc.fileId, document_id: record.doc.documentId, page: pages[0]?.page ?? null, snippet: clip(summary || record.doc.fileName) };
}

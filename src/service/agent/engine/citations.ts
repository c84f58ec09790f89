// A citation quotes where a figure came from: the page line that shows the value, or the
// extracted values when no page shows it.
import type { Citation } from '../../../contract/agent.js';
import type { DB } from '../../../sqlite.js';
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

export function citeValue(db: DB, record: DocRecord, roles: Role[]): Citation {
  const pages = db
    .prepare('SELECT page, text FROM document_pages WHERE document_id = ? AND file_id = ? ORDER BY page')
    .all(record.doc.documentId, record.doc.fileId) as { page: number; text: string }[];
  for (const role of roles) {
    for (const needle of renderings(record, role)) {
      for (const { page, text } of pages) {
        const line = text.split(/\r?\n/).find((l) => l.includes(needle));
        if (line) return { file_id: record.doc.fileId, document_id: record.doc.documentId, page, snippet: clip(line.trim()) };
      }
    }
  }
  const summary = roles
    .map((role) => record.roles[role])
    .filter((f) => f !== undefined)
    .map((f) => `${f!.title}: ${typeof f!.value === 'object' ? JSON.stringify(f!.value) : String(f!.value)}`)
    .join(' · ');
  return { file_id: record.doc.fileId, document_id: record.doc.documentId, page: pages[0]?.page ?? null, snippet: clip(summary || record.doc.fileName) };
}

import type { PageLayout } from '../layout/model.js';
import { ProcessingError } from '../types.js';
import { textPages } from './text.js';
import { zipEntries } from './zip.js';

// A Word document (.docx) is a ZIP of XML parts, not an archive of files to
// process one by one: its text is `word/document.xml`, one line per paragraph,
// page breaks as new pages. A table's row is one line, its cells padded to their
// column's width (so the table reader sees columns; a cell's paragraphs are one
// text). The page header part (`header1.xml` ...: a letterhead, often the seller)
// opens the first page. Text boxes in the body are read in place; images are not.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ENTITIES[e] ?? m;
  });
}

/** Text of paragraphs: one line each, tabs as gaps, page breaks as form feeds. */
function paragraphs(xml: string): string {
  const body = xml
    .replace(/<w:br [^>]*w:type="page"[^>]*\/>/g, '\f')
    .replace(/<w:tab\/>/g, '    ')
    .replace(/<w:br\/>/g, '\n')
    .replace(/<\/w:tc>/g, '     ')
    .replace(/<\/w:p>/g, '\n');
  return body.replace(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<[^>]+>/g, (_, t: string | undefined) => (t === undefined ? '' : unescapeXml(t)));
}

const TABLE = /(<w:tbl(?:\s[^>]*)?>[\s\S]*?<\/w:tbl>)/;
const GAP = 5;

/** A table as lines: a row per line, each cell's text (its paragraphs joined) padded to its column's width. */
function table(xml: string): string {
  const rows = [...xml.matchAll(/<w:tr(?:\s[^>]*)?>([\s\S]*?)<\/w:tr>/g)].map((r) =>
    [...r[1].matchAll(/<w:tc(?:\s[^>]*)?>([\s\S]*?)<\/w:tc>/g)].map((c) => paragraphs(c[1]).replace(/\s+/g, ' ').trim()));
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return rows.map((r) => r.map((c, i) => (i < r.length - 1 ? c.padEnd(widths[i] + GAP) : c)).join('').replace(/\s+$/, '')).join('\n') + '\n';
}

/** Plain text of the document body: paragraphs as lines, a table's rows as lines of cells apart by wide gaps, page breaks as form feeds. */
export function docxText(xml: string): string {
  // A table inside a table is read as paragraphs (its cells a line each), as before tables were read by rows.
  const text = xml.split(TABLE).map((part, i) => (i % 2 && !/<w:tbl[\s>]/.test(part.slice(6)) ? table(part) : paragraphs(part))).join('');
  return text.split('\n').map((l) => l.replace(/\s+$/, '')).join('\n');
}

export async function docxPages(bytes: Buffer): Promise<PageLayout[]> {
  const entries = await zipEntries(bytes);
  const doc = entries.find((e) => e.name === 'document.xml');
  if (!doc) throw new ProcessingError('UNSUPPORTED_TYPE', 'The Word document has no word/document.xml part.');
  // The header parts' text (each once: a first-page and a default header often say the same), then the body.
  const headers = [...new Set(entries.filter((e) => /^header\d*\.xml$/.test(e.name)).sort((a, b) => a.name.localeCompare(b.name))
    .map((e) => docxText(e.bytes.toString('utf8')).trim()).filter(Boolean))];
  const body = docxText(doc.bytes.toString('utf8'));
  return textPages(Buffer.from(headers.length ? `${headers.join('\n')}\n${body}` : body, 'utf8'));
}

import type { PageLayout } from '../layout/model.js';
import { ProcessingError } from '../types.js';
import { textPages } from './text.js';
import { zipEntries } from './zip.js';

// A Word document (.docx) is a ZIP of XML parts, not an archive of files to
// process one by one: its text is `word/document.xml`, one line per paragraph,
// table cells apart by wide gaps (so the table reader sees columns), page breaks
// as new pages. Layout, images and text boxes outside the body are not read.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ENTITIES[e] ?? m;
  });
}

/** Plain text of the document body: paragraphs as lines, cells joined by wide gaps, page breaks as form feeds. */
export function docxText(xml: string): string {
  const body = xml
    .replace(/<w:br [^>]*w:type="page"[^>]*\/>/g, '\f')
    .replace(/<w:tab\/>/g, '    ')
    .replace(/<w:br\/>/g, '\n')
    .replace(/<\/w:tc>/g, '     ')
    .replace(/<\/w:p>/g, '\n');
  const text = body.replace(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<[^>]+>/g, (_, t: string | undefined) => (t === undefined ? '' : unescapeXml(t)));
  return text.split('\n').map((l) => l.replace(/\s+$/, '')).join('\n');
}

export async function docxPages(bytes: Buffer): Promise<PageLayout[]> {
  const entries = await zipEntries(bytes);
  const doc = entries.find((e) => e.name === 'document.xml');
  if (!doc) throw new ProcessingError('UNSUPPORTED_TYPE', 'The Word document has no word/document.xml part.');
  return textPages(Buffer.from(docxText(doc.bytes.toString('utf8')), 'utf8'));
}

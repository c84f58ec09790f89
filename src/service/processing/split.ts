import { PDFDocument } from 'pdf-lib';
import type { PageLayout } from './layout/model.js';
import { pageText } from './layout/model.js';
import { buildContext } from './extract/context.js';
import { candidatesFor } from './extract/candidates.js';

// A scanner batch holds several documents. A new document starts at a page that
// restarts "page 1 of N", follows a blank separator page or a page that finished
// "N of N", or carries an invoice number different from the page before.

const PAGE_OF = /(?:page|seite|página|pagina|page|blatt|p\.)\s*(\d{1,3})\s*(?:of|von|de|di|sur|\/)\s*(\d{1,3})/i;

export function isBlank(page: PageLayout): boolean {
  const chars = page.lines.reduce((s, l) => s + l.text.replace(/\s/g, '').length, 0);
  return chars < 8;
}

function pageOf(page: PageLayout): [number, number] | undefined {
  const m = pageText(page).match(PAGE_OF);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

function invoiceNumberOf(page: PageLayout): string | undefined {
  const ctx = buildContext([page]);
  const c = candidatesFor({ title: 'Invoice Number', type: 'STRING' }, 'invoiceNumber', ctx, new Set())[0];
  return c && c.score >= 0.6 ? String(c.value) : undefined;
}

/** Groups of page indexes (0-based), one per document; blank separators dropped. */
export function splitBoundaries(pages: PageLayout[]): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  let afterBlank = false;
  let prev: { pageOf?: [number, number]; number?: string } = {};
  pages.forEach((page, i) => {
    if (isBlank(page)) {
      afterBlank = true;
      return;
    }
    const po = pageOf(page);
    const num = invoiceNumberOf(page);
    let start = current.length === 0 || afterBlank;
    if (!start && po && po[0] === 1) start = true;
    if (!start && prev.pageOf && prev.pageOf[0] === prev.pageOf[1] && (!po || po[0] === 1)) start = true;
    if (!start && num && prev.number && num !== prev.number && !(po && po[0] > 1)) start = true;
    if (start && current.length) {
      groups.push(current);
      current = [];
    }
    current.push(i);
    afterBlank = false;
    prev = { pageOf: po, number: num ?? (start ? undefined : prev.number) };
  });
  if (current.length) groups.push(current);
  return groups;
}

/** A new PDF holding the given pages (0-based) of the source. */
export async function extractPdfPages(source: Buffer, indexes: number[]): Promise<Buffer> {
  const src = await PDFDocument.load(source, { ignoreEncryption: true, updateMetadata: false });
  const out = await PDFDocument.create();
  const copied = await out.copyPages(src, indexes);
  copied.forEach((p) => out.addPage(p));
  return Buffer.from(await out.save());
}

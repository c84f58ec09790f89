import type { PageLayout } from '../../layout/model.js';
import { pageWords, type Box } from '../../pageWords.js';

// Vendor memory works on the words a reviewer sees (pageWords.ts: cells with boxes as
// fractions of their page), the same whether they come from a fresh extraction or from the pages
// the service stored when the document was processed.

export interface MemoryWord { page: number; text: string; box: Box }
export interface MemoryLine { page: number; words: MemoryWord[]; text: string }

export function wordsOfPages(pages: PageLayout[]): MemoryWord[] {
  return pages.flatMap((p) => pageWords(p).map((w) => ({ page: p.number, ...w })));
}

/** Lines again: the cells of one line share its top and bottom (cellBox). */
export function linesOf(words: MemoryWord[]): MemoryLine[] {
  const byLine = new Map<string, MemoryWord[]>();
  for (const w of words) {
    const key = `${w.page}:${w.box[1]}:${w.box[3]}`;
    let line = byLine.get(key);
    if (!line) byLine.set(key, (line = []));
    line.push(w);
  }
  return [...byLine.values()]
    .map((ws) => ws.sort((a, b) => a.box[0] - b.box[0]))
    .sort((a, b) => a[0]!.page - b[0]!.page || a[0]!.box[1] - b[0]!.box[1])
    .map((ws) => ({ page: ws[0]!.page, words: ws, text: ws.map((w) => w.text).join(' ') }));
}

/** Lower case letters and digits only, without accents: OCR often loses them ("García" read as "Garcia"). */
export const squash = (s: string) => s.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

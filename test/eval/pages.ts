// Page layouts of corpus documents, read through the service's own loaders (text
// layer, OCR). Optionally cached on disk under the OS temp folder, keyed by the
// file's bytes and the sources of the loaders and OCR, so that training and
// repeated evals do not OCR the same receipt again. Timed runs do not use it.

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPages } from '../../src/service/processing/engine.js';
import type { PageLayout } from '../../src/service/processing/layout/model.js';
import type { CorpusDoc } from './manifest.js';

const processing = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/service/processing');

let tag: string | undefined;
/** Hash of everything that decides a page layout: loaders, OCR, layout. */
function readerTag(): string {
  // EVAL_PAGES_TAG reuses the pages an older reader left (tuning extraction while OCR changes).
  if (process.env.EVAL_PAGES_TAG) tag = process.env.EVAL_PAGES_TAG;
  if (tag) return tag;
  const h = crypto.createHash('sha256');
  for (const sub of ['loaders', 'ocr', 'layout']) {
    const dir = path.join(processing, sub);
    for (const f of fs.readdirSync(dir).sort()) h.update(f).update(fs.readFileSync(path.join(dir, f)));
  }
  return (tag = h.digest('hex').slice(0, 12));
}

export interface LoadedPages {
  pages: PageLayout[];
  /** Seconds spent reading (0 when cached). */
  seconds: number;
  cached: boolean;
}

export async function pagesOf(doc: CorpusDoc, opts: { cache: boolean; ocrModel?: string }): Promise<LoadedPages> {
  const bytes = fs.readFileSync(doc.file);
  const key = crypto.createHash('sha256').update(bytes).update(opts.ocrModel ?? '').digest('hex').slice(0, 24);
  const cacheFile = path.join(os.tmpdir(), `docsync-pages-${readerTag()}`, `${key}.json`);
  if (opts.cache && fs.existsSync(cacheFile)) {
    return { pages: JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as PageLayout[], seconds: 0, cached: true };
  }
  const started = performance.now();
  const pages = await loadPages({
    filePath: doc.file, fileName: path.basename(doc.file), mediaType: doc.mediaType, ocrModel: opts.ocrModel ?? 'Model_ENG_O5.6',
    isSplit: false, isSplitExcel: false, retainOriginalZipFileName: false, candidateSchemas: [],
  });
  const seconds = (performance.now() - started) / 1000;
  fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
  fs.writeFileSync(cacheFile, JSON.stringify(pages));
  return { pages, seconds, cached: false };
}

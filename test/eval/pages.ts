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
import type { ProcessInput } from '../../src/service/processing/types.js';
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

/** Where a document's page layouts are cached. */
export function cacheFileOf(doc: CorpusDoc, ocrModel = DEFAULT_MODEL): string {
  const bytes = fs.readFileSync(doc.file);
  const key = crypto.createHash('sha256').update(bytes).update(ocrModel).digest('hex').slice(0, 24);
  return path.join(os.tmpdir(), `docsync-pages-${readerTag()}`, `${key}.json`);
}

const DEFAULT_MODEL = 'Model_ENG_O5.6';

export const isCached = (doc: CorpusDoc, ocrModel?: string): boolean => fs.existsSync(cacheFileOf(doc, ocrModel));

/** A corpus document as an upload to the engine (no split, the eval's schema decided by the caller). */
export function inputOf(doc: CorpusDoc, ocrModel = DEFAULT_MODEL): ProcessInput {
  return {
    filePath: doc.file, fileName: path.basename(doc.file), mediaType: doc.mediaType, ocrModel,
    isSplit: false, isSplitExcel: false, retainOriginalZipFileName: false, candidateSchemas: [],
  };
}

export function savePages(doc: CorpusDoc, pages: PageLayout[], ocrModel?: string): void {
  const file = cacheFileOf(doc, ocrModel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(pages));
}

export async function pagesOf(doc: CorpusDoc, opts: { cache: boolean; ocrModel?: string }): Promise<LoadedPages> {
  const cacheFile = cacheFileOf(doc, opts.ocrModel);
  if (opts.cache && fs.existsSync(cacheFile)) {
    return { pages: JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as PageLayout[], seconds: 0, cached: true };
  }
  const started = performance.now();
  const pages = await loadPages(inputOf(doc, opts.ocrModel));
  const seconds = (performance.now() - started) / 1000;
  savePages(doc, pages, opts.ocrModel);
  return { pages, seconds, cached: false };
}

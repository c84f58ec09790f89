// Reads a labelled corpus in the manifest format of ../shared/corpora/README.md:
// manifest.json with documents[] (id, kind, file, mediaType, truth, fields), where
// `truth` is a path to a JSON file (or the truth object itself) keyed like the
// schema below (vendor_name, invoice_date, total, ...). The generated corpus is
// written in the same format (test/fixtures/corpus), so one reader serves both.

import fs from 'node:fs';
import path from 'node:path';

export interface CorpusDoc {
  id: string;
  /** Absolute path of the document. */
  file: string;
  kind: 'text' | 'scan';
  mediaType: string;
  /** Layout family, for holding out whole families. */
  layout: string;
  /** Truth keys labelled for this document. */
  fields: string[];
  truth: Record<string, unknown>;
  /** SROIE-style OCR transcription (absolute path), when the corpus has one. */
  ocr?: string;
}

export interface Corpus {
  dir: string;
  /** Names the corpus in results and in the ranker's training record. */
  name: string;
  docs: CorpusDoc[];
}

interface RawDoc {
  id: string; kind?: string; file: string; mediaType?: string; layout?: string; family?: string;
  truth: string | Record<string, unknown>; fields?: string[]; ocr?: string;
}

export function readCorpus(dir: string): Corpus {
  const root = path.resolve(dir);
  const manifestPath = path.join(root, 'manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`no manifest.json in ${root} (see ../shared/corpora/README.md for the format)`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { documents?: RawDoc[]; generator?: { name?: string } };
  if (!Array.isArray(manifest.documents)) throw new Error(`${manifestPath}: documents[] is missing`);
  const docs = manifest.documents.map((d): CorpusDoc => {
    const truth = typeof d.truth === 'string' ? (JSON.parse(fs.readFileSync(path.join(root, d.truth), 'utf8')) as Record<string, unknown>) : d.truth;
    return {
      id: d.id,
      file: path.join(root, d.file),
      kind: d.kind === 'text' ? 'text' : 'scan',
      mediaType: d.mediaType ?? '',
      layout: d.layout ?? d.family ?? 'unknown',
      fields: d.fields ?? Object.keys(truth),
      truth,
      ocr: d.ocr ? path.join(root, d.ocr) : undefined,
    };
  });
  return { dir: root, name: path.basename(root), docs };
}

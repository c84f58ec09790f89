import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ProcessingError } from '../types.js';

// The model identifier picks the OCR languages (spec 4.10's groups), always with
// English for the Latin text (numbers, codes) found on every invoice.
// Documented default: every other identifier (Unified, Aegis, Direct_Form_Filling,
// an unknown or missing one) reads English.

export function languagesFor(ocrModel: string | undefined): string[] {
  const m = (ocrModel ?? '').toUpperCase();
  if (/_ZH_/.test(m)) return ['chi_sim', 'eng'];
  if (/_JP_/.test(m)) return ['jpn', 'eng'];
  if (/_TH_/.test(m)) return ['tha', 'eng'];
  return ['eng'];
}

const require = createRequire(import.meta.url);
let dataDir: string | undefined;

/** Source file of a language's data inside its @tesseract.js-data package. */
function sourceFile(lang: string): string {
  const pkg = path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
  // OSD needs the legacy engine's data (4.0.0); recognition uses the smaller LSTM "best_int".
  const variant = lang === 'osd' ? '4.0.0' : '4.0.0_best_int';
  return path.join(pkg, variant, `${lang}.traineddata.gz`);
}

/**
 * One folder holding every language's `.traineddata.gz` (tesseract.js takes a
 * single langPath). Links are made once per process; nothing is ever fetched.
 */
export function langPath(langs: string[]): string {
  dataDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-tessdata-'));
  for (const lang of langs) {
    const target = path.join(dataDir, `${lang}.traineddata.gz`);
    if (fs.existsSync(target)) continue;
    let src: string;
    try {
      src = sourceFile(lang);
    } catch {
      throw new ProcessingError('OCR_LANGUAGE_MISSING', `OCR language data for "${lang}" is not installed.`);
    }
    if (!fs.existsSync(src)) {
      throw new ProcessingError('OCR_LANGUAGE_MISSING', `OCR language data for "${lang}" is not installed.`);
    }
    try {
      fs.symlinkSync(src, target);
    } catch {
      fs.copyFileSync(src, target);
    }
  }
  return dataDir;
}

// The two files written beside each source file:
//   <name>.values.json  the formValues entries exactly as the service returned
//                       them, under `documents`, plus docsync's metadata.
//   <name>.values.csv   one row per field; a table field gives one row per line
//                       item, its item columns to the right. Layout:
//     Document, Field, Type, Row, Value, <item column 1>, <item column 2>, ...
//   `Row` is empty for a plain field and 1, 2, ... for line items, whose
//   values sit in the item columns (the union of item titles over the file, in
//   order of first appearance); a list of bare values keeps them in `Value`. A split upload gives one section per document,
//   told apart by the Document column.
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from './atomic.js';
import { encodeCsv } from './csv.js';
import { toExportError } from './errors.js';
import { sidecarPaths } from './names.js';
import type { FormValuesEntry, SidecarInput } from './types.js';
import { documentNames, tableRows, valueText as plainText, visibleFields } from './values.js';
import type { FileReview } from '../review/types.js';
import { REVIEW_CSV_COLUMNS, reviewCells } from '../review/columns.js';

export const SIDECAR_FORMAT_VERSION = 1;
export const SIDECAR_CSV_FIXED = ['Document', 'Field', 'Type', 'Row', 'Value'] as const;

export interface SidecarJson {
  docsync: {
    formatVersion: number;
    sourceFile: string;
    uploadId: string;
    fileIds: string[];
    remotePath: string;
    sha256: string;
    size?: number;
    uploadedAt?: string;
    processedAt: string;
    exportedAt: string;
    /** Issue 16: state, threshold, reasons, and per field its confidence, source and correction. */
    review?: FileReview;
  };
  documents: FormValuesEntry[];
}

export function buildSidecarJson(input: SidecarInput): SidecarJson {
  const { meta } = input;
  return {
    docsync: {
      formatVersion: SIDECAR_FORMAT_VERSION,
      sourceFile: path.basename(input.sourcePath),
      uploadId: meta.uploadId,
      fileIds: [...meta.fileIds],
      remotePath: meta.remotePath,
      sha256: meta.sha256,
      ...(meta.size !== undefined ? { size: meta.size } : {}),
      ...(meta.uploadedAt !== undefined ? { uploadedAt: meta.uploadedAt } : {}),
      processedAt: meta.processedAt,
      exportedAt: (input.exportedAt ?? new Date()).toISOString(),
      ...(input.review ? { review: input.review } : {}),
    },
    documents: input.documents,
  };
}

/** Header and rows of the CSV sidecar (before encoding). */
export function buildSidecarTable(input: SidecarInput): { header: string[]; rows: string[][] } {
  // With `;` between cells the decimal mark is a comma (a locale that writes 12,50).
  const valueText = (v: unknown) => (typeof v === 'number' && input.csvSeparator === ';' ? plainText(v).replace('.', ',') : plainText(v));
  const names = documentNames(input.documents, path.basename(input.sourcePath));
  const itemColumns = collectItemColumns(input.documents);
  const rows: string[][] = [];
  input.documents.forEach((doc, i) => {
    for (const field of visibleFields(doc)) {
      const items = tableRows(field);
      const lead = [names[i]!, field.title, field.type];
      const tail = input.review ? reviewCells(input.review, i, field.title) : [];
      if (items === null) {
        rows.push([...lead, '', valueText(field.value), ...itemColumns.map(() => ''), ...tail]);
      } else if (items.length === 0) {
        rows.push([...lead, '', '', ...itemColumns.map(() => ''), ...tail]);
      } else {
        items.forEach((item, n) => {
          if ('scalar' in item) {
            rows.push([...lead, String(n + 1), valueText(item.scalar), ...itemColumns.map(() => ''), ...tail]);
          } else {
            rows.push([...lead, String(n + 1), '', ...itemColumns.map((c) => valueText(item.record[c.key])), ...tail]);
          }
        });
      }
    }
  });
  const review = input.review ? [...REVIEW_CSV_COLUMNS] : [];
  return { header: [...SIDECAR_CSV_FIXED, ...itemColumns.map((c) => c.label), ...review], rows };
}

interface ItemColumn { key: string; label: string }

function collectItemColumns(docs: readonly FormValuesEntry[]): ItemColumn[] {
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const doc of docs) {
    for (const field of visibleFields(doc)) {
      for (const item of tableRows(field) ?? []) {
        if (!('record' in item)) continue;
        for (const key of Object.keys(item.record)) {
          if (!seen.has(key)) { seen.add(key); keys.push(key); }
        }
      }
    }
  }
  // An item titled like a fixed column ("Value", "Type") would be ambiguous.
  const fixed = new Set(SIDECAR_CSV_FIXED.map((f) => f.toLowerCase()));
  return keys.map((key) => ({ key, label: fixed.has(key.toLowerCase()) ? `${key} (item)` : key }));
}

/** Writes both sidecars atomically. Throws ExportError (SIDECAR_LOCKED when the target is held open). */
export async function writeSidecars(input: SidecarInput): Promise<{ jsonPath: string; csvPath: string }> {
  const paths = sidecarPaths(input.sourcePath);
  const json = JSON.stringify(buildSidecarJson(input), null, 2) + '\n';
  const table = buildSidecarTable(input);
  await writeOne(paths.json, json);
  await writeOne(paths.csv, encodeCsv(table.header, table.rows, input.csvSeparator ?? ','));
  return { jsonPath: paths.json, csvPath: paths.csv };
}

async function writeOne(target: string, data: string): Promise<void> {
  try {
    await writeFileAtomic(target, data);
  } catch (err) {
    throw toExportError(err, target, 'sidecar');
  }
}

/**
 * Moves the sidecars of a renamed or moved source file. Missing sidecars are
 * not an error (the file may not be exported yet). Falls back to copy and
 * delete across file systems.
 */
export async function moveSidecars(oldSourceAbs: string, newSourceAbs: string): Promise<string[]> {
  const from = sidecarPaths(oldSourceAbs);
  const to = sidecarPaths(newSourceAbs);
  const moved: string[] = [];
  for (const key of ['json', 'csv'] as const) {
    try {
      await moveFile(from[key], to[key]);
      moved.push(to[key]);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw toExportError(err, to[key], 'sidecar');
    }
  }
  return moved;
}

async function moveFile(from: string, to: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(to), { recursive: true });
  try {
    await fs.promises.rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await writeFileAtomic(to, await fs.promises.readFile(from));
    await fs.promises.rm(from, { force: true });
  }
}

/** Deletes the sidecars of a source file; absent ones are fine. */
export async function removeSidecars(sourceAbs: string): Promise<void> {
  const paths = sidecarPaths(sourceAbs);
  for (const p of [paths.json, paths.csv]) {
    try {
      await fs.promises.rm(p, { force: true });
    } catch (err) {
      throw toExportError(err, p, 'sidecar');
    }
  }
}

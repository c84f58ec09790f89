import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProcessInput, SchemaForExtraction } from '../../../src/service/processing/types.js';

export const INVOICE_SCHEMA: SchemaForExtraction = {
  id: 'schema-invoice',
  blueprintId: 'bp-invoice',
  name: 'Invoice',
  fields: [
    { id: 'f1', title: 'Invoice Number', type: 'STRING' },
    { id: 'f2', title: 'Invoice Date', type: 'DATE' },
    { id: 'f3', title: 'Due Date', type: 'DATE' },
    { id: 'f4', title: 'Vendor Name', type: 'STRING' },
    { id: 'f5', title: 'Total', type: 'NUMBER' },
    { id: 'f6', title: 'Tax', type: 'NUMBER' },
    { id: 'f7', title: 'Currency', type: 'STRING' },
    {
      id: 'f8',
      title: 'Line Items',
      type: 'OBJECT',
      items: [
        { title: 'Description', type: 'STRING' },
        { title: 'Quantity', type: 'NUMBER' },
        { title: 'Unit Price', type: 'NUMBER' },
        { title: 'Amount', type: 'NUMBER' },
      ],
    },
  ],
};

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
}

export function inputFor(filePath: string, mediaType: string, extra: Partial<ProcessInput> = {}): ProcessInput {
  return {
    filePath,
    fileName: path.basename(filePath),
    mediaType,
    isSplit: false,
    isSplitExcel: false,
    retainOriginalZipFileName: false,
    schema: INVOICE_SCHEMA,
    candidateSchemas: [INVOICE_SCHEMA],
    ...extra,
  };
}

export function valuesOf(fields: { title: string; value: unknown }[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f.title, f.value]));
}

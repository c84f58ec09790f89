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

/** A white page of `width` x `height` with dark text at each [text, x, y] (baseline), as PNG. */
export async function drawnPage(width: number, height: number, font: string, texts: Array<[string, number, number]>): Promise<Buffer> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const { encodePng } = await import('../../../src/service/processing/loaders/render.js');
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#111111';
  ctx.font = font;
  for (const [text, x, y] of texts) ctx.fillText(text, x, y);
  return encodePng(canvas);
}

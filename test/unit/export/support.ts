// Test support for the export tests: a strict RFC 4180 parser, temp folders,
// a state database as the daemon opens it, and sample values.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FormValuesEntry } from '../../../src/sync/export/index.js';
import { openStateDb as openRealStateDb } from '../../../src/sync/state/db.js';

/** Parses CSV text (BOM already stripped) strictly: CRLF records, RFC 4180 quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i += 2; continue; }
      if (ch === '"') { quoted = false; i += 1; continue; }
      cell += ch; i += 1; continue;
    }
    if (ch === '"') {
      if (cell !== '') throw new Error(`quote inside unquoted cell at ${i}`);
      quoted = true; i += 1; continue;
    }
    if (ch === ',') { row.push(cell); cell = ''; i += 1; continue; }
    if (ch === '\r') {
      if (text[i + 1] !== '\n') throw new Error(`bare CR at ${i}`);
      row.push(cell); rows.push(row); row = []; cell = ''; i += 2; continue;
    }
    if (ch === '\n') throw new Error(`bare LF at ${i}`);
    cell += ch; i += 1;
  }
  if (quoted) throw new Error('unterminated quote');
  if (cell !== '' || row.length > 0) throw new Error('last record not terminated by CRLF');
  return rows;
}

/** Reads a CSV file, checks the BOM, and parses it. */
export function readCsvFile(file: string): string[][] {
  const text = fs.readFileSync(file, 'utf8');
  if (!text.startsWith('\uFEFF')) throw new Error(`${file}: no BOM`);
  return parseCsv(text.slice(1));
}

export function makeTempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
}

/** state.db in `dir` as the daemon opens it, every migration applied. */
export function openStateDb(dir: string): Database.Database {
  return openRealStateDb(dir);
}

export function invoiceEntry(over: Partial<FormValuesEntry> & { number?: string; total?: unknown; date?: string } = {}): FormValuesEntry {
  const { number = 'INV-001', total = 123.45, date = '2026-01-31', ...rest } = over;
  return {
    id: `sv-${number}`,
    fileId: `file-${number}`,
    fileName: `${number}.pdf`,
    fileType: 'application/pdf',
    createdAt: '2026-02-01T10:00:00.000Z',
    updatedAt: '2026-02-01T10:00:05.000Z',
    schemaRelationshipId: 'rel-1',
    schemaName: 'Invoice',
    documentId: `doc-${number}`,
    metadata: { createdBy: 'api', userId: 'u1', organizationId: 'o1', workspaceId: 'w1', uploadInfo: { apiRequestId: 'r1' } },
    fields: [
      { title: 'Invoice number', type: 'string', description: '', hidden: false, value: number },
      { title: 'Invoice date', type: 'date', description: '', hidden: false, value: date },
      { title: 'Total', type: 'number', description: '', hidden: false, value: total },
      { title: 'Paid', type: 'boolean', description: '', hidden: false, value: false },
      { title: 'Internal score', type: 'number', description: '', hidden: true, value: 0.9 },
      {
        title: 'Line items', type: 'object', description: '', hidden: false,
        value: [
          { Description: 'Widget, "large"', Quantity: 2, Amount: 100 },
          { Description: 'Gadget\nsecond line', Quantity: 1, Amount: 23.45 },
        ],
      },
    ],
    ...rest,
  };
}

export function waitFor<T>(check: () => T | undefined | false, what: string, limitMs = 20_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = (): void => {
      const v = check();
      if (v) return resolve(v);
      if (Date.now() - started > limitMs) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(tick, 10);
    };
    tick();
  });
}

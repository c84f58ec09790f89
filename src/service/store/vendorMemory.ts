// The vendor_memory table (migration 0010_review.sql): what a workspace's corrections taught about
// each vendor (processing/extract/memory/). Learned when values are corrected, read by every
// processing run of the workspace, exported and imported with the schemas.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { learnCorrections, type Corrected, type MemoryWord, type VendorMemory } from '../processing/extract/memory/index.js';
import { prepared, type DB } from './sql.js';
import { readPageWords, type StoredField } from './fileValues.js';

export function loadMemories(db: DB, workspaceId: string): VendorMemory[] {
  const rows = prepared(db, 'SELECT id, keys, fields, corrections FROM vendor_memory WHERE workspace_id = ? ORDER BY created_at').all(workspaceId) as Array<{
    id: string; keys: string; fields: string; corrections: number;
  }>;
  return rows.map((r) => ({ id: r.id, keys: JSON.parse(r.keys), fields: JSON.parse(r.fields), corrections: r.corrections }));
}

export function saveMemory(db: DB, workspaceId: string, m: VendorMemory, now: string): void {
  prepared(db,
    `INSERT INTO vendor_memory (id, workspace_id, keys, fields, corrections, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET keys = excluded.keys, fields = excluded.fields, corrections = excluded.corrections, updated_at = excluded.updated_at`,
  ).run(m.id, workspaceId, JSON.stringify(m.keys), JSON.stringify(m.fields), m.corrections, now, now);
}

const VENDOR = /vendor|supplier|seller|merchant|issuer|lieferant/i;

/**
 * A person's save of a file's values (PATCH: the values they corrected and those they confirmed)
 * teaches its vendor's memory where those fields stand and what stays the same (the vendor's name).
 */
export function rememberCorrections(db: DB, workspaceId: string, fileId: string, before: StoredField[], fields: StoredField[], sent: string[], now: string): void {
  const changed = (f: StoredField, i: number) => JSON.stringify(f.value ?? null) !== JSON.stringify(before[i]?.value ?? null);
  const vouched: Corrected[] = fields
    .map((f, i) => ({ f, i }))
    .filter(({ f }) => sent.includes(f.title))
    .map(({ f, i }) => ({ title: f.title, type: String(f.type).toLowerCase(), value: f.value, corrected: changed(f, i) }));
  if (vouched.length === 0) return;
  const words: MemoryWord[] = readPageWords(db, fileId).flatMap((p) => p.words.map((w) => ({ page: p.page, ...w })));
  if (words.length === 0) return;
  const vendor = fields.find((f) => VENDOR.test(f.title))?.value;
  saveMemory(db, workspaceId, learnCorrections(loadMemories(db, workspaceId), words, vendor, vouched), now);
}

/** `vendor-memory.json` of a schema export: the memories without their ids (an import gives new ones). */
export const VendorMemoryFile = z.array(
  z.object({
    keys: z.object({ taxIds: z.array(z.string()).max(50), names: z.array(z.string()).max(50), header: z.array(z.string()).max(200) }),
    fields: z.record(z.string(), z.object({
      type: z.string(), label: z.string().nullable(), where: z.enum(['same', 'right', 'below']).nullable(),
      place: z.tuple([z.number(), z.number()]).nullable(), format: z.string().nullable(), value: z.unknown().optional(), items: z.array(z.string().max(1000)).max(500).optional(), corrected: z.boolean().default(false),
    })),
    corrections: z.number().int().min(0),
  }),
).max(10_000);

export function exportMemories(db: DB, workspaceId: string): Array<Omit<VendorMemory, 'id'>> {
  return loadMemories(db, workspaceId).map(({ id: _id, ...m }) => m);
}

export function importMemories(db: DB, workspaceId: string, memories: z.output<typeof VendorMemoryFile>, now: string): number {
  for (const m of memories) saveMemory(db, workspaceId, { id: randomUUID(), ...m } as VendorMemory, now);
  return memories.length;
}

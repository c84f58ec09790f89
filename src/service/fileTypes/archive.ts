// The schema export archive (decisions 22): manifest.json, blueprints/<id>.json, schemas/<id>.json.
// Reading is guarded against hostile archives: entry count, per-entry and total inflated size
// (counted while inflating, not trusted from headers), and names outside the layout.
import { VendorMemoryFile } from '../store/vendorMemory.js';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { z } from 'zod';
import {
  ArchiveBlueprintSchema,
  ArchiveManifestSchema,
  ArchiveSchemaSchema,
  type ArchiveManifest,
} from '../../contract/fileSchemas.js';
import type { Blueprint, SchemaObject } from '../../contract/fileTypes.js';

export const ARCHIVE_LIMITS = {
  entries: 2000,
  entryBytes: 8 * 1024 * 1024,
  totalBytes: 64 * 1024 * 1024,
  archiveBytes: 32 * 1024 * 1024,
  /** Inflated bytes per compressed byte: JSON compresses about 10:1; a zip bomb 1000:1 and more. */
  ratio: 100,
};

/** An entry inflating past this many bytes is a bomb, whatever its header said. */
const ratioCap = (compressedSize: number) => Math.max(compressedSize, 1) * ARCHIVE_LIMITS.ratio + 64 * 1024;

/** The archive is not an export this service can import (answered 422). */
export class ArchiveError extends Error {
  constructor(
    message: string,
    readonly pointer?: string,
  ) {
    super(message);
    this.name = 'ArchiveError';
  }
}

export function buildArchive(blueprints: Blueprint[], schemas: SchemaObject[], exportedAt: string, vendorMemory: unknown[] = []): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const manifest: ArchiveManifest = {
    version: 1,
    exportedAt,
    blueprints: blueprints.map((b) => ({ id: b.id, className: b.className, path: `blueprints/${b.id}.json` })),
    schemas: schemas.map((s) => ({ id: s.id, blueprintId: s.blueprintId, path: `schemas/${s.id}.json` })),
    ...(vendorMemory.length ? { vendorMemory: VENDOR_MEMORY_PATH } : {}),
  };
  const mtime = new Date(exportedAt);
  const add = (name: string, value: unknown) => zip.addBuffer(Buffer.from(JSON.stringify(value, null, 2)), name, { mtime });
  add('manifest.json', manifest);
  for (const b of blueprints) add(`blueprints/${b.id}.json`, b);
  for (const s of schemas) add(`schemas/${s.id}.json`, s);
  if (vendorMemory.length) add(VENDOR_MEMORY_PATH, vendorMemory);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** Every entry of the archive by name, inflated within the limits. */
async function readEntries(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (err, z) =>
      err || !z ? reject(new ArchiveError(`Not a readable zip archive: ${err?.message ?? 'unknown error'}.`)) : resolve(z),
    ),
  );
  if (zip.entryCount > ARCHIVE_LIMITS.entries) throw new ArchiveError(`The archive has more than ${ARCHIVE_LIMITS.entries} entries.`);
  const out = new Map<string, Buffer>();
  let total = 0;
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      zip.close();
      reject(error instanceof ArchiveError ? error : new ArchiveError(`Not a readable zip archive: ${error.message}.`));
    };
    zip.on('error', fail);
    zip.on('end', () => resolve(out));
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      if (out.has(entry.fileName)) return fail(new ArchiveError(`Duplicate entry ${entry.fileName}.`));
      if (entry.uncompressedSize > ARCHIVE_LIMITS.entryBytes) return fail(new ArchiveError(`Entry ${entry.fileName} is too large.`));
      // Refused from its header, before a byte is inflated.
      if (entry.uncompressedSize > ratioCap(entry.compressedSize)) {
        return fail(new ArchiveError(`Entry ${entry.fileName} inflates more than ${ARCHIVE_LIMITS.ratio} times its compressed size.`));
      }
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return fail(err ?? new Error('no stream'));
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (c: Buffer) => {
          size += c.length;
          total += c.length;
          if (size > ARCHIVE_LIMITS.entryBytes || total > ARCHIVE_LIMITS.totalBytes || size > ratioCap(entry.compressedSize)) {
            stream.destroy();
            return fail(new ArchiveError('The archive inflates beyond the size limit.'));
          }
          chunks.push(c);
        });
        stream.on('error', fail);
        stream.on('end', () => {
          out.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}

function parseJson<S extends z.ZodType>(entries: Map<string, Buffer>, name: string, schema: S): z.output<S> {
  const bytes = entries.get(name);
  if (!bytes) throw new ArchiveError(`Missing entry ${name}.`);
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ArchiveError(`Entry ${name} is not JSON.`);
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ArchiveError(`Entry ${name} is invalid at /${issue.path.join('/')}: ${issue.message}`);
  }
  return result.data;
}

const VENDOR_MEMORY_PATH = 'vendor-memory.json';

export interface ReadArchive {
  manifest: ArchiveManifest;
  /** Issue 16: the exporting workspace's vendor memory. */
  vendorMemory: z.output<typeof VendorMemoryFile>;
  blueprints: Array<z.output<typeof ArchiveBlueprintSchema>>;
  schemas: Array<z.output<typeof ArchiveSchemaSchema>>;
}

/** Read and check an exported archive: every listed file present, ids consistent, class names distinct. */
export async function readArchive(buffer: Buffer): Promise<ReadArchive> {
  if (buffer.length > ARCHIVE_LIMITS.archiveBytes) throw new ArchiveError('The archive is too large.');
  const entries = await readEntries(buffer);
  const manifest = parseJson(entries, 'manifest.json', ArchiveManifestSchema);
  const blueprints = manifest.blueprints.map((m) => {
    const b = parseJson(entries, m.path, ArchiveBlueprintSchema);
    if (b.id !== m.id) throw new ArchiveError(`Entry ${m.path} has id ${b.id}, the manifest says ${m.id}.`);
    return b;
  });
  const ids = new Set(blueprints.map((b) => b.id));
  if (ids.size !== blueprints.length) throw new ArchiveError('The manifest lists a blueprint twice.');
  if (new Set(blueprints.map((b) => b.className)).size !== blueprints.length) throw new ArchiveError('Two blueprints share a class name.');
  const schemas = manifest.schemas.map((m) => {
    const s = parseJson(entries, m.path, ArchiveSchemaSchema);
    if (s.id !== m.id || s.blueprintId !== m.blueprintId) throw new ArchiveError(`Entry ${m.path} does not match the manifest.`);
    if (!ids.has(s.blueprintId)) throw new ArchiveError(`Schema ${s.id} belongs to no blueprint of the archive.`);
    return s;
  });
  if (new Set(schemas.map((s) => s.id)).size !== schemas.length) throw new ArchiveError('The manifest lists a schema twice.');
  if (blueprints.length === 0) throw new ArchiveError('The archive holds no blueprint.');
  const vendorMemory = manifest.vendorMemory ? parseJson(entries, manifest.vendorMemory, VendorMemoryFile) : [];
  return { manifest, blueprints, schemas, vendorMemory };
}

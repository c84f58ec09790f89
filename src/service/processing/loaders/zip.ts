import path from 'node:path';
import yauzl from 'yauzl';
import { ProcessingError } from '../types.js';

// ZIP uploads: every file entry becomes its own file, folders flattened, names
// sanitised. Guards against zip slip (names never become paths here, and
// traversal names are cut to their base name) and zip bombs (entry count, per
// entry and total uncompressed size, compression ratio; sizes are enforced while
// inflating, not trusted from the header).

export const ZIP_LIMITS = {
  maxEntries: 500,
  maxEntryBytes: 100 * 1024 * 1024,
  maxTotalBytes: 500 * 1024 * 1024,
  maxRatio: 200,
};

export interface ZipEntry {
  name: string;
  bytes: Buffer;
}

export function sanitizeName(raw: string): string {
  const base = raw.replace(/\\/g, '/').split('/').filter((p) => p && p !== '.' && p !== '..').pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\.\./g, '')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (!clean) return 'file';
  if (clean.length <= 255) return clean;
  const ext = path.extname(clean).slice(0, 16);
  return clean.slice(0, 255 - ext.length) + ext;
}

/** The archive's own name as exposed in `zipArchiveName` (spec 4.10). */
export function sanitizeArchiveName(raw: string): string {
  return raw
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[/\\]/g, '')
    .replace(/\.\./g, '')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 255);
}

function skip(name: string): boolean {
  const parts = name.split('/');
  return name.endsWith('/') || parts.includes('__MACOSX') || parts.some((p) => p === '.DS_Store' || p === 'Thumbs.db' || p.startsWith('._'));
}

export async function zipEntries(bytes: Buffer, limits = ZIP_LIMITS): Promise<ZipEntry[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    // decodeStrings off: yauzl would reject the whole archive for one traversal name; names
    // are decoded below and cut to their base name instead.
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, decodeStrings: false }, (err, z) =>
      err ? reject(new ProcessingError('ZIP_CORRUPT', `The ZIP archive is damaged (${err.message}).`)) : resolve(z!),
    ),
  );
  const out: ZipEntry[] = [];
  const used = new Set<string>();
  let total = 0;
  let count = 0;
  return new Promise<ZipEntry[]>((resolve, reject) => {
    const fail = (err: unknown) => {
      zip.close();
      reject(err instanceof ProcessingError ? err : new ProcessingError('ZIP_CORRUPT', `The ZIP archive is damaged (${(err as Error).message}).`));
    };
    zip.on('error', fail);
    zip.on('end', () => resolve(out));
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entryName(entry);
      if (skip(name)) return zip.readEntry();
      if (++count > limits.maxEntries) return fail(new ProcessingError('ZIP_TOO_MANY_ENTRIES', `The ZIP archive has more than ${limits.maxEntries} files.`));
      if ((entry.generalPurposeBitFlag & 1) !== 0) return fail(new ProcessingError('ZIP_ENCRYPTED', 'The ZIP archive is password-protected.'));
      if (entry.uncompressedSize > limits.maxEntryBytes || entry.uncompressedSize > Math.max(1, entry.compressedSize) * limits.maxRatio + 1024 * 1024) {
        return fail(new ProcessingError('ZIP_BOMB', `The ZIP entry "${sanitizeName(name)}" is too large when unpacked.`));
      }
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return fail(err);
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (c: Buffer) => {
          size += c.length;
          total += c.length;
          if (size > limits.maxEntryBytes || total > limits.maxTotalBytes) {
            stream.destroy();
            fail(new ProcessingError('ZIP_BOMB', 'The ZIP archive unpacks to more than the allowed size.'));
          } else chunks.push(c);
        });
        stream.on('error', fail);
        stream.on('end', () => {
          out.push({ name: uniqueName(sanitizeName(name), used), bytes: Buffer.concat(chunks) });
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}

// yauzl's own decoding (UTF-8 flag, Info-ZIP Unicode path field, else CP437; backslashes
// become slashes), without its validation. Exported by yauzl but missing from its types.
const decodeName = (yauzl as unknown as {
  getFileNameLowLevel(flags: number, raw: Buffer, extraFields: yauzl.Entry['extraFields'], strictFileNames: boolean): string;
}).getFileNameLowLevel;

function entryName(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer | string;
  return typeof raw === 'string' ? raw.replace(/\\/g, '/') : decodeName(entry.generalPurposeBitFlag, raw, entry.extraFields, false);
}

function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  const ext = path.extname(name);
  for (let i = 2; used.has(candidate.toLowerCase()); i++) candidate = `${name.slice(0, name.length - ext.length)} (${i})${ext}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

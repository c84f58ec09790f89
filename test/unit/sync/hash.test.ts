import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashFile, keepForUpload, releaseChunks, takeForUpload } from '../../../src/sync/hash.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-hash-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('hashFile', () => {
  it('hashes files of every size around its read chunk, many at once, each its own bytes', async () => {
    const chunk = 256 * 1024;
    const sizes = [0, 1, chunk - 1, chunk, chunk + 1, 3 * chunk + 5, 200 * 1024, 5];
    const files = sizes.map((size, i) => {
      const f = path.join(dir, `f${i}.bin`);
      fs.writeFileSync(f, randomBytes(size));
      return f;
    });
    // Twice over, all at once: the read buffers of finished hashes are reused by later ones.
    for (let round = 0; round < 2; round++) {
      const got = await Promise.all(files.map((f) => hashFile(f)));
      got.forEach((g, i) => {
        const bytes = fs.readFileSync(files[i]!);
        expect(g).toEqual({ sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length });
      });
    }
  });

  it('keeps the bytes read of a file up to 1 MB for its upload, in reused buffers, each its own bytes', async () => {
    const chunk = 256 * 1024;
    const sizes = [0, 7, chunk - 1, chunk, chunk + 1, 4 * chunk, 4 * chunk + 1];
    const files = sizes.map((size, i) => {
      const f = path.join(dir, `k${i}.bin`);
      fs.writeFileSync(f, randomBytes(size));
      return f;
    });
    for (let round = 0; round < 2; round++) {
      const got = await Promise.all(files.map((f) => hashFile(f, { keep: true })));
      got.forEach((g, i) => {
        const bytes = fs.readFileSync(files[i]!);
        expect(g.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
        if (bytes.length > 4 * chunk) return expect(g.chunks).toBeUndefined();
        expect(Buffer.concat(g.chunks!).equals(bytes)).toBe(true);
        keepForUpload(files[i]!, g, fs.statSync(files[i]!));
      });
      // Taken by content: another hash of the same path gets nothing (and lets the bytes go).
      expect(takeForUpload(files[1]!, 'f'.repeat(64))).toBeUndefined();
      expect(takeForUpload(files[1]!, got[1]!.sha256)).toBeUndefined();
      for (const [i, f] of files.entries()) {
        if (i === 1 || sizes[i]! > 4 * chunk) continue;
        const k = takeForUpload(f, got[i]!.sha256)!;
        const st = fs.statSync(f);
        expect(k).toMatchObject({ size: sizes[i], sha256: got[i]!.sha256, ino: st.ino, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs });
        expect(Buffer.concat(k.chunks).equals(fs.readFileSync(f))).toBe(true);
        releaseChunks(k.chunks); // reused by the next round's reads
      }
    }
  });

  it('keeps at most 48 read buffers: past that a file is not kept, and those kept (uploaded first) stay', async () => {
    const files = Array.from({ length: 50 }, (_, i) => {
      const f = path.join(dir, `m${i}.bin`);
      fs.writeFileSync(f, randomBytes(1000 + i));
      return f;
    });
    const got = [];
    for (const f of files) {
      const g = await hashFile(f, { keep: true });
      keepForUpload(f, g, fs.statSync(f));
      got.push(g);
    }
    expect(takeForUpload(files[48]!, got[48]!.sha256)).toBeUndefined();
    expect(takeForUpload(files[49]!, got[49]!.sha256)).toBeUndefined();
    for (let i = 0; i < 48; i++) {
      const k = takeForUpload(files[i]!, got[i]!.sha256)!;
      expect(Buffer.concat(k.chunks).equals(fs.readFileSync(files[i]!))).toBe(true);
      releaseChunks(k.chunks);
    }
  });

  it('given the size a stat found, reads no further (a file that grew since is told by its size, not hashed whole)', async () => {
    const chunk = 256 * 1024;
    for (const size of [0, 10, chunk, chunk + 10]) {
      const f = path.join(dir, `s${size}.bin`);
      const bytes = randomBytes(size + 4096);
      fs.writeFileSync(f, bytes.subarray(0, size));
      const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
      expect(await hashFile(f, { size })).toEqual({ sha256: sha(bytes.subarray(0, size)), size });
      fs.writeFileSync(f, bytes); // grew after the stat: the first `size` bytes, and their size
      const grown = await hashFile(f, { size, keep: true });
      expect(grown).toMatchObject({ sha256: sha(bytes.subarray(0, size)), size });
      expect(Buffer.concat(grown.chunks!).equals(bytes.subarray(0, size))).toBe(true);
      releaseChunks(grown.chunks!);
    }
  });

  it('rejects for a file that is not there', async () => {
    await expect(hashFile(path.join(dir, 'missing.bin'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

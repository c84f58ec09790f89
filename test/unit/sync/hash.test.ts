import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashFile } from '../../../src/sync/hash.js';

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

  it('rejects for a file that is not there', async () => {
    await expect(hashFile(path.join(dir, 'missing.bin'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';

/** sha256 of a file, read as a stream so a 200 MB scan costs no memory. */
export async function hashFile(absPath: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(fs.createReadStream(absPath, { highWaterMark: 256 * 1024 }), async function* (source) {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      size += chunk.length;
      hash.update(chunk);
    }
  });
  return { sha256: hash.digest('hex'), size };
}

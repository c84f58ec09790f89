import { createHash } from 'node:crypto';
import fs from 'node:fs';

const CHUNK = 256 * 1024;
/**
 * Read buffers of finished hashes, for the next ones. A read stream allocated a fresh 256 KB
 * buffer per read outside V8's heap: in a burst of 2,000 files that was 500 MB of external
 * memory, whose growth made V8 run full collections (issue 20).
 */
const spare: Buffer[] = [];

/** sha256 of a file, read in chunks into a reused buffer, so a 200 MB scan costs no memory. */
export async function hashFile(absPath: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  const fh = await fs.promises.open(absPath, 'r');
  const buf = spare.pop() ?? Buffer.allocUnsafeSlow(CHUNK);
  let size = 0;
  try {
    for (;;) {
      const { bytesRead } = await fh.read(buf, 0, CHUNK, null);
      if (bytesRead === 0) break;
      size += bytesRead;
      hash.update(buf.subarray(0, bytesRead)); // copies nothing out: the buffer is free again once it returns
    }
  } finally {
    spare.push(buf);
    await fh.close();
  }
  return { sha256: hash.digest('hex'), size };
}

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import type { ClientCore } from './core.js';
import { ServiceError } from './errors.js';
import { answerError, exchange, withRetries, type HttpRequest } from './exchange.js';

/** A file path or bytes in memory (replayable, so every step can be retried), or a stream (read once). */
export type UploadSource = string | Uint8Array | Readable;

export interface UploadOptions {
  signal?: AbortSignal;
  /** Byte length of a stream source, sent as Content-Length; without it the PUT is chunked. */
  size?: number;
  /** Per-attempt timeout of the PUT (the bytes may be large). Default 15 minutes. */
  timeoutMs?: number;
  /**
   * Told the sha256 (hex) of the bytes that the successful PUT of a file path sent: a file that
   * changed after it was hashed is known by what actually went out.
   */
  onSent?: (sha256: string) => void;
  /**
   * The bytes of a file path source as the caller read (and hashed) them, with the file's stat
   * then: sent from memory, without reading the file again, while the file's stat at the PUT is
   * that one (same device, inode, size, mtime and ctime); else the file is read as without them.
   */
  kept?: KeptBytes;
}

/** A file's bytes read into memory (chunks in order), their sha256 and the file's stat when they were read. */
export interface KeptBytes {
  chunks: readonly Buffer[];
  sha256: string;
  size: number;
  dev: number;
  ino: number;
  mtimeMs: number;
  ctimeMs: number;
}

export interface PresignedTicket {
  presignedUploadURL: string;
}

const DEFAULT_UPLOAD_TIMEOUT_MS = 15 * 60_000;

/**
 * Upload with a ticket: request it, then `PUT` the bytes to its presigned address, streamed
 * (never buffered whole). A 403 from the PUT means the address expired: one new ticket, one
 * more PUT. A path source is re-opened (bytes re-sent) for each attempt, so the PUT is also
 * retried on network errors and 5xx like any call; a stream cannot be replayed, so for a
 * stream only the ticket request is retried and any PUT failure (403 included) is thrown as is.
 * Returns the ticket whose address received the bytes.
 */
export async function uploadWithTicket<T extends PresignedTicket>(
  core: ClientCore,
  source: UploadSource,
  contentType: string,
  requestTicket: () => Promise<T>,
  options: UploadOptions = {},
): Promise<T> {
  let ticket = await requestTicket();
  try {
    await putBytes(core, ticket.presignedUploadURL, source, contentType, options);
    return ticket;
  } catch (err) {
    const expired = err instanceof ServiceError && err.status === 403;
    if (!expired || source instanceof Readable) throw err;
  }
  ticket = await requestTicket();
  await putBytes(core, ticket.presignedUploadURL, source, contentType, options);
  return ticket;
}

async function putBytes(core: ClientCore, address: string, source: UploadSource, contentType: string, options: UploadOptions): Promise<void> {
  // Presigned addresses may live on another host (object storage): the API key is never sent there.
  const url = new URL(address, core.baseUrl + '/');
  const base: Omit<HttpRequest, 'body'> = {
    method: 'PUT',
    url: url.toString(),
    path: url.pathname,
    headers: { 'content-type': contentType, 'user-agent': 'docsync-client/0.1' },
  };
  const retry = core.retryOptions({ timeoutMs: options.timeoutMs ?? DEFAULT_UPLOAD_TIMEOUT_MS });
  const attempt = async (body: Readable | Buffer, size: number | undefined) => {
    const headers = size === undefined ? base.headers : { ...base.headers, 'content-length': String(size) };
    const res = await exchange(core.dispatcher, { ...base, headers, body }, retry.timeoutMs, options.signal);
    if (res.status < 200 || res.status >= 300) throw answerError(res, base as HttpRequest);
  };
  if (source instanceof Readable) return attempt(source, options.size);
  await withRetries(
    base,
    async () => {
      if (typeof source !== 'string') return attempt(Buffer.from(source.buffer, source.byteOffset, source.byteLength), source.byteLength);
      // Stat on every attempt: the size must match the bytes this stream will send.
      const stat = await fs.promises.stat(source);
      const kept = options.kept;
      if (kept && stat.size === kept.size && stat.ino === kept.ino && stat.dev === kept.dev && stat.mtimeMs === kept.mtimeMs && stat.ctimeMs === kept.ctimeMs) {
        // The file is as it was read: its bytes, a fresh stream of them per attempt.
        await attempt(kept.chunks.length === 1 ? kept.chunks[0]! : Readable.from(kept.chunks, { objectMode: false }), kept.size);
        options.onSent?.(kept.sha256);
        return;
      }
      const { size } = stat;
      const hash = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      const file = fs.createReadStream(source);
      file.on('error', (err) => hashing.destroy(err));
      await attempt(file.pipe(hashing), size);
      options.onSent?.(hash.digest('hex'));
    },
    // A 403 is handled by the caller with a new ticket, not by waiting.
    { retry, signal: options.signal, onRetry: core.onRetry },
  );
}

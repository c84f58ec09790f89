import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';

export type Logger = pino.Logger;

export interface LogOptions {
  dir: string;
  level: string;
  maxBytes: number;
  files: number;
  /** Secrets scrubbed from every line, wherever they appear (error messages included). */
  secrets?: string[];
}

/** Keeps `docsync.log` under maxBytes by shifting it to `.1`, `.2`, ... (oldest dropped). */
export class RotatingFile extends Writable {
  private fd: number;
  private size: number;
  private readonly file: string;

  constructor(private readonly opts: LogOptions) {
    super({ decodeStrings: false });
    fs.mkdirSync(opts.dir, { recursive: true, mode: 0o700 });
    this.file = path.join(opts.dir, 'docsync.log');
    this.fd = fs.openSync(this.file, 'a', 0o600);
    fs.fchmodSync(this.fd, 0o600); // a log written by an older version may be 0644
    this.size = fs.fstatSync(this.fd).size;
  }

  override _write(chunk: string | Buffer, _enc: BufferEncoding, cb: (err?: Error | null) => void): void {
    try {
      this.writeLine(String(chunk));
      cb();
    } catch (err) {
      cb(err as Error);
    }
  }

  /** Synchronous so the last lines before a crash are on disk. */
  writeLine(text: string): void {
    for (const secret of this.opts.secrets ?? []) if (secret) text = text.split(secret).join('[REDACTED]');
    const buf = Buffer.from(text);
    try {
      if (this.size > 0 && this.size + buf.length > this.opts.maxBytes) this.rotate();
      fs.writeSync(this.fd, buf);
      this.size += buf.length;
    } catch (err) {
      // A full disk loses log lines, never the daemon (the status says "disk full").
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOSPC' && code !== 'EDQUOT') throw err;
    }
  }

  private rotate(): void {
    fs.closeSync(this.fd);
    for (let i = this.opts.files - 1; i >= 1; i--) {
      const from = i === 1 ? this.file : `${this.file}.${i - 1}`;
      if (fs.existsSync(from)) fs.renameSync(from, `${this.file}.${i}`);
    }
    if (this.opts.files <= 1) fs.rmSync(this.file, { force: true });
    this.fd = fs.openSync(this.file, 'a', 0o600);
    this.size = 0;
  }

  override _final(cb: (err?: Error | null) => void): void {
    fs.closeSync(this.fd);
    cb();
  }
}

export function createLogger(opts: LogOptions): Logger {
  return pino(
    {
      level: opts.level,
      redact: { paths: ['apiKey', '*.apiKey', 'key', '*.key', 'headers["x-api-key"]', '*.headers["x-api-key"]'], censor: '[REDACTED]' },
      base: { pid: process.pid },
    },
    new RotatingFile(opts),
  );
}

/** For tools and tests that need a logger but no file. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

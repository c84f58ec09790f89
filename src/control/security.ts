// Who may use the control API: only this machine's user, through loopback, with the token.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const COOKIE = 'docsync_session';
/**
 * Sent by the UI with every state-changing request. A foreign page can only send a custom header
 * after a CORS preflight, which this API never grants: so a cookie alone cannot change anything.
 */
export const CSRF_HEADER = 'x-docsync';
export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The control token: created at first run, owner-only (0600) in the data folder. */
export function loadOrCreateToken(dataDir: string): string {
  const file = path.join(dataDir, 'control-token');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  fs.chmodSync(file, 0o600);
  return fs.readFileSync(file, 'utf8').trim();
}

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** A Host header naming loopback (any port): anything else may be DNS rebinding. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return LOOPBACK_NAMES.has(name.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(name);
}

/**
 * No Origin (same-origin GET, curl, the tray), or the UI's own origin: this server's port on a
 * loopback name. Another local program's page (another port) is as foreign as any web site.
 */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (!origin) return true;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && isLoopbackHost(url.host) && url.port === String(port);
  } catch {
    return false;
  }
}

const SESSION_TTL_MS = 30 * 24 * 3600_000;
const MAX_SESSIONS = 100;

/**
 * Browser sessions: a random id in the cookie, never the control token. Kept as sha256 hashes
 * (owner-only file in the data folder, when given) so a restart of the daemon keeps the UI logged
 * in, and the file holds nothing a cookie could be made from.
 */
export class Sessions {
  private readonly hashes = new Map<string, number>();

  constructor(private readonly file?: string) {
    if (!file) return;
    try {
      for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
        const [hash, expires] = line.split(' ');
        if (hash && Number(expires) > Date.now()) this.hashes.set(hash, Number(expires));
      }
    } catch {
      // no sessions yet
    }
  }

  create(): string {
    const id = randomBytes(32).toString('base64url');
    this.hashes.set(hashOf(id), Date.now() + SESSION_TTL_MS);
    while (this.hashes.size > MAX_SESSIONS) this.hashes.delete(this.hashes.keys().next().value!);
    this.save();
    return id;
  }

  valid(id: string | undefined): boolean {
    if (!id) return false;
    const expires = this.hashes.get(hashOf(id));
    return expires !== undefined && expires > Date.now();
  }

  private save(): void {
    if (!this.file) return;
    const body = [...this.hashes].map(([h, e]) => `${h} ${e}`).join('\n') + '\n';
    fs.writeFileSync(this.file, body, { mode: 0o600 });
    fs.chmodSync(this.file, 0o600);
  }
}

const hashOf = (id: string): string => createHash('sha256').update(id).digest('hex');

/** One-time login links: a nonce exchanged once, within 15 minutes, for the session cookie. */
export class LoginLinks {
  private readonly nonces = new Map<string, number>();

  constructor(private readonly ttlMs = 15 * 60_000) {}

  create(): string {
    const nonce = randomBytes(24).toString('base64url');
    this.nonces.set(nonce, Date.now() + this.ttlMs);
    return nonce;
  }

  consume(nonce: string): boolean {
    const expires = this.nonces.get(nonce);
    this.nonces.delete(nonce);
    for (const [n, e] of this.nonces) if (e < Date.now()) this.nonces.delete(n);
    return expires !== undefined && expires >= Date.now();
  }
}

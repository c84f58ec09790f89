// Who may use the control API: only this machine's user, through loopback, with the token.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const COOKIE = 'docsync_session';

/** The control token: created at first run, owner-only (0600) in the data folder. */
export function loadOrCreateToken(dataDir: string): string {
  const file = path.join(dataDir, 'control-token');
  fs.mkdirSync(dataDir, { recursive: true });
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

/** No Origin (same-origin GET, curl, the tray) or a loopback origin; a foreign page is refused. */
export function isAllowedOrigin(origin: string | undefined): boolean {
  if (!origin) return true;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.host);
  } catch {
    return false;
  }
}

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

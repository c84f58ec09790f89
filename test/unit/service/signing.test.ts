// Presigned addresses (signing.ts): the signature is the standard HMAC-SHA256 of
// "<kind>:<objectId>:<expires>" under the URL secret, also now that the secret is imported into a
// key object once per secret rather than on every signature (issue 20).
import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUrl, verifySignedUrl } from '../../../src/service/signing.js';

const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('signUrl', () => {
  it('signs with HMAC-SHA256 of kind, object and expiry, for each of two secrets, and verifies only its own', () => {
    const now = Date.UTC(2026, 10, 29, 12, 0, 0);
    const secrets = [randomBytes(32), randomBytes(32)];
    for (const secret of secrets) {
      for (const kind of ['upload', 'preview'] as const) {
        const url = signUrl('http://127.0.0.1:1', secret, kind, 'obj-1', 300, now);
        const { expires, sig } = queryOf(url);
        expect(Number(expires)).toBe(now / 1000 + 300);
        expect(sig).toBe(createHmac('sha256', secret).update(`${kind}:obj-1:${expires}`).digest('hex'));
        expect(verifySignedUrl(secret, kind, 'obj-1', { expires, sig }, now)).toBe(true);
        const other = secrets.find((s) => s !== secret)!;
        expect(verifySignedUrl(other, kind, 'obj-1', { expires, sig }, now)).toBe(false);
        expect(verifySignedUrl(secret, kind, 'obj-2', { expires, sig }, now)).toBe(false);
        expect(verifySignedUrl(secret, kind, 'obj-1', { expires, sig }, now + 301_000)).toBe(false);
      }
    }
  });
});

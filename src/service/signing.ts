import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Presigned addresses (decisions 5, spec 4.11): `<base>/blob/<kind>/<objectId>?expires=<unix s>&sig=<hex>`,
 * where sig is an HMAC-SHA256 of "<kind>:<objectId>:<expires>" with the service's URL secret.
 * Anyone holding the address may use it until it expires; a changed byte answers 403.
 */
export type SignedKind = 'upload' | 'preview';

const mac = (secret: Buffer, kind: SignedKind, objectId: string, expires: number) =>
  createHmac('sha256', secret).update(`${kind}:${objectId}:${expires}`).digest('hex');

export function signUrl(baseUrl: string, secret: Buffer, kind: SignedKind, objectId: string, ttlSeconds: number, nowMs: number): string {
  const expires = Math.floor(nowMs / 1000) + ttlSeconds;
  return `${baseUrl}/blob/${kind}/${encodeURIComponent(objectId)}?expires=${expires}&sig=${mac(secret, kind, objectId, expires)}`;
}

/** True when the signature matches and the address has not expired. */
export function verifySignedUrl(
  secret: Buffer,
  kind: SignedKind,
  objectId: string,
  query: { expires?: unknown; sig?: unknown },
  nowMs: number,
): boolean {
  const expires = Number(query.expires);
  if (!Number.isInteger(expires) || typeof query.sig !== 'string' || !/^[0-9a-f]{64}$/.test(query.sig)) return false;
  const expected = Buffer.from(mac(secret, kind, objectId, expires), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(query.sig, 'hex'))) return false;
  return Math.floor(nowMs / 1000) <= expires;
}

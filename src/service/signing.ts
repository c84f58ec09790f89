import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * Presigned addresses (decisions 5, spec 4.11): `<base>/blob/<kind>/<objectId>?expires=<unix s>&sig=<hex>`,
 * where sig is an HMAC-SHA256 of "<kind>:<objectId>:<expires>" with the service's URL secret.
 * Anyone holding the address may use it until it expires; a changed byte answers 403.
 */
export type SignedKind = 'upload' | 'preview';

/**
 * The secret as a key object, made once per secret: given the bytes, createHmac imports them
 * into a new native key on every call (issue 20: about a sixth of a ticket's HMAC).
 */
const keys = new WeakMap<Buffer, KeyObject>();

function keyOf(secret: Buffer): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(secret)));
  return key;
}

const mac = (secret: Buffer, kind: SignedKind, objectId: string, expires: number) =>
  createHmac('sha256', keyOf(secret)).update(`${kind}:${objectId}:${expires}`).digest('hex');

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

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { prepared, type DB } from './sql.js';

export const DEFAULT_WORKSPACE = 'Default';

/** Who is calling: resolved from the x-api-key header. */
export interface AuthContext {
  keyId: string;
  userId: string;
  workspaceId: string;
  organizationId: string;
  readOnly: boolean;
  active: boolean;
  callbackUrl: string | null;
  signingSecret: string;
}

export interface CreatedKey {
  key: string;
  keyId: string;
  userId: string;
  workspaceId: string;
  organizationId: string;
  signingSecret: string;
}

export interface CreateKeyOptions {
  workspace?: string;
  readOnly?: boolean;
  inactive?: boolean;
  callbackUrl?: string;
}

export const hashKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** The workspace of that name, created (in an organization of its own) when missing. */
export function ensureWorkspace(db: DB, name: string): { workspaceId: string; organizationId: string; created: boolean } {
  const row = prepared(db, 'SELECT id, organization_id FROM workspaces WHERE name = ?').get(name) as
    | { id: string; organization_id: string }
    | undefined;
  if (row) return { workspaceId: row.id, organizationId: row.organization_id, created: false };
  const now = new Date().toISOString();
  const organizationId = randomUUID();
  const workspaceId = randomUUID();
  db.transaction(() => {
    prepared(db, 'INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)').run(organizationId, name, now);
    prepared(db, 'INSERT INTO workspaces (id, organization_id, name, created_at) VALUES (?, ?, ?, ?)').run(
      workspaceId,
      organizationId,
      name,
      now,
    );
  })();
  return { workspaceId, organizationId, created: true };
}

/** Create an API key. The key is returned once; only its hash is stored. */
export function createKey(db: DB, options: CreateKeyOptions = {}): CreatedKey {
  const { workspaceId, organizationId } = ensureWorkspace(db, options.workspace ?? DEFAULT_WORKSPACE);
  const key = `dsk_${randomBytes(24).toString('base64url')}`;
  const keyId = randomUUID();
  const userId = randomUUID();
  const signingSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  prepared(db,
    `INSERT INTO api_keys (id, key_hash, key_prefix, workspace_id, user_id, read_only, active, callback_url, signing_secret, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    keyId,
    hashKey(key),
    key.slice(0, 8),
    workspaceId,
    userId,
    options.readOnly ? 1 : 0,
    options.inactive ? 0 : 1,
    options.callbackUrl ?? null,
    signingSecret,
    new Date().toISOString(),
  );
  return { key, keyId, userId, workspaceId, organizationId, signingSecret };
}

interface KeyRow {
  id: string;
  user_id: string;
  workspace_id: string;
  organization_id: string;
  read_only: number;
  active: number;
  callback_url: string | null;
  signing_secret: string;
}

// Found keys are remembered briefly: every request authenticates, and keys never change once
// created (there is no operation that edits one), so a short lifetime bounds any staleness.
const KEY_CACHE_MS = 2000;
const KEY_CACHE_MAX = 1000;
const foundKeys = new WeakMap<DB, Map<string, { auth: AuthContext; until: number }>>();

export function findKey(db: DB, key: string): AuthContext | undefined {
  let cache = foundKeys.get(db);
  if (!cache) foundKeys.set(db, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.auth;
  const auth = lookupKey(db, key);
  if (auth) {
    if (cache.size >= KEY_CACHE_MAX) cache.clear();
    cache.set(key, { auth, until: now + KEY_CACHE_MS });
  }
  return auth;
}

function lookupKey(db: DB, key: string): AuthContext | undefined {
  // Every request looks its key up: the statement is prepared once per database.
  const statement = prepared(
    db,
    `SELECT k.id, k.user_id, k.workspace_id, w.organization_id, k.read_only, k.active, k.callback_url, k.signing_secret
     FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id WHERE k.key_hash = ?`,
  );
  const row = statement.get(hashKey(key)) as KeyRow | undefined;
  if (!row) return undefined;
  return {
    keyId: row.id,
    userId: row.user_id,
    workspaceId: row.workspace_id,
    organizationId: row.organization_id,
    readOnly: row.read_only === 1,
    active: row.active === 1,
    callbackUrl: row.callback_url,
    signingSecret: row.signing_secret,
  };
}

/** Every workspace id; seeders run once per workspace. */
export function listWorkspaces(db: DB): { workspaceId: string; organizationId: string }[] {
  return prepared(db, 'SELECT id AS "workspaceId", organization_id AS "organizationId" FROM workspaces').all() as {
    workspaceId: string;
    organizationId: string;
  }[];
}

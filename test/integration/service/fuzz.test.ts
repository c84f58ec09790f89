// Issue 18: generated requests against the service's real routes over HTTP on 127.0.0.1.
// Property: never a 500, never a crash, every error is problem details (application/problem+json,
// or the legacy JSON shape for the operations the spec names). CI runs a bounded number of
// requests per property; FUZZ_RUNS=N runs more, FUZZ_SEED=S replays a printed seed.
import fc from 'fast-check';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../../src/contract/index.js';
import type { Operation } from '../../../src/contract/operation.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { ticket } from './uploadHelpers.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SEED = process.env.FUZZ_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED);

let svc: TestService;
let keys: string[];
let uploadAddress: URL;
beforeAll(async () => {
  svc = await startTestService({ rateLimit: { rate: 100_000, burst: 100_000 } });
  keys = [svc.key.key, svc.createKey({ readOnly: true }).key, svc.createKey({ inactive: true }).key];
  uploadAddress = new URL((await ticket(svc)).presignedUploadURL);
});
afterAll(async () => {
  await svc.close();
});

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
}

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', '..', '../../etc/passwd', '%00', '\r\n', 'null', '-1', '1e309', 'NaN', '0x10', 'a'.repeat(5000), '\u0000', '💥', '<script>'),
  fc.uuid().map(String),
);
/** A path segment: anything, percent-encoded as a client would, or raw junk a client would not send. */
const segment = fc.oneof(text.map(encodeURIComponent), fc.constantFrom('%', '%E0%A4%A', '%2e%2e', '..', '.', '%ZZ', ';', '%00', '*'), fc.uuid());
const headerText = fc.string({ unit: fc.constantFrom(...' !#$%&*+-.0123456789:;=?@ABCXYZ^_`abcxyz|~/,'.split('')), maxLength: 80 });
const json = fc.jsonValue({ maxDepth: 4 });

/** A body shaped like the operation's: its own field names with generated values, or anything at all. */
function bodyFor(op: Operation | undefined): fc.Arbitrary<unknown> {
  const shape = (op?.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  const fields = shape ? Object.keys(shape) : [];
  const shaped = fields.length ? fc.dictionary(fc.constantFrom(...fields), fc.oneof(json, text), { maxKeys: fields.length }) : json;
  return fc.oneof(shaped, json);
}

function multipart(parts: Array<{ name: string; filename?: string; content: Uint8Array }>, boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`), Buffer.from(p.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const part = fc.record({
  name: fc.oneof(fc.constant('file'), headerText),
  filename: fc.option(headerText, { nil: undefined }),
  content: fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.constant(Buffer.from('PK\u0003\u0004garbage'))),
});

/** One request: an operation of the contract (or a raw blob route, or no route), generated parts. */
const requestArb: fc.Arbitrary<Sent> = fc
  .record({
    op: fc.option(fc.constantFrom(...operations), { nil: undefined, freq: 8 }),
    blob: fc.constantFrom<'upload' | 'preview' | 'none'>('none', 'none', 'none', 'upload', 'preview'),
    method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'),
    params: fc.array(segment, { minLength: 4, maxLength: 4 }),
    extraPath: fc.array(segment, { maxLength: 3 }),
    query: fc.dictionary(fc.oneof(fc.constantFrom('page', 'limit', 'sortBy', 'sortOrder', 'fileIds', 'uploadId', 'blueprintIds', 'includeFullTableData', 'expires', 'sig', 'latestOnly'), headerText), text, { maxKeys: 4 }),
    key: fc.constantFrom(0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4), // mostly the full key, so requests reach validation
    idempotencyKey: fc.option(fc.oneof(headerText, fc.constant('k'.repeat(300))), { nil: undefined }),
    contentType: fc.constantFrom('application/json', 'application/json', 'multipart/form-data; boundary=fuzz', 'multipart/form-data', 'text/plain', 'application/octet-stream', 'application/x-www-form-urlencoded', 'none'),
    bodyKind: fc.constantFrom('json', 'json', 'raw', 'multipart', 'brokenJson', 'none'),
    raw: fc.uint8Array({ maxLength: 500 }),
    parts: fc.array(part, { maxLength: 3 }),
    jsonSeed: fc.nat(),
  })
  .chain((r) => bodyFor(r.op).map((body) => ({ ...r, body })))
  .map((r): Sent => {
    let path: string;
    let method = r.method;
    if (r.op) {
      let i = 0;
      path = r.op.path.replace(/\{[^}]+\}/g, () => r.params[i++]!);
      if (r.jsonSeed % 5 !== 0) method = r.op.method; // mostly the operation's own method
    } else if (r.blob === 'upload') path = `${uploadAddress.pathname}`;
    else if (r.blob === 'preview') path = `/blob/preview/${r.params[0]}`;
    else path = `/${['prod', ...r.extraPath].join('/')}`;
    const query = new URLSearchParams(r.query).toString();
    if (r.blob === 'upload' && r.jsonSeed % 2 === 0) path += uploadAddress.search;
    else if (query) path += `?${query}`;
    const headers: Record<string, string> = {};
    if (r.key < keys.length) headers['x-api-key'] = keys[r.key]!;
    else if (r.key === keys.length) headers['x-api-key'] = 'not-a-key';
    if (r.idempotencyKey !== undefined) headers['idempotency-key'] = r.idempotencyKey;
    if (r.contentType !== 'none') headers['content-type'] = r.contentType;
    let body: Buffer | string | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      if (r.bodyKind === 'json') body = JSON.stringify(r.body);
      else if (r.bodyKind === 'raw') body = Buffer.from(r.raw);
      else if (r.bodyKind === 'multipart') body = multipart(r.parts, 'fuzz');
      else if (r.bodyKind === 'brokenJson') body = JSON.stringify(r.body).slice(0, -1) + '\u0000';
    }
    return { method, path, headers, body };
  });

async function send(sent: Sent) {
  const res = await request(svc.url + sent.path, { method: sent.method as 'GET', headers: sent.headers, body: sent.body });
  const text = await res.body.text();
  return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), text };
}

/** Problem details (spec 7), or the legacy shape (decisions 16). */
function isErrorBody(contentType: string, text: string): boolean {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  if (contentType.startsWith('application/problem+json')) return typeof body.status === 'number' && typeof body.code === 'string' && typeof body.detail === 'string';
  return contentType.startsWith('application/json') && typeof body.message === 'string' && typeof body.statusCode === 'number';
}

describe('fuzzing the service over HTTP', () => {
  it(`never answers 500 and answers every error as problem details (${RUNS} requests, seed ${SEED})`, async () => {
    const statuses = new Map<number, number>();
    try {
      await fc.assert(
        fc.asyncProperty(requestArb, async (sent) => {
          const res = await send(sent);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500) throw new Error(`${res.status} for ${sent.method} ${sent.path}: ${res.text.slice(0, 300)}`);
          if (res.status >= 400 && sent.method !== 'HEAD' && !isErrorBody(res.contentType, res.text)) {
            throw new Error(`${res.status} without problem details (${res.contentType}) for ${sent.method} ${sent.path}: ${res.text.slice(0, 200)}`);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    } catch (error) {
      console.error(`service fuzz failed: replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);
      throw error;
    }
    console.info(`service fuzz: ${RUNS} requests, seed ${SEED}, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
    // The service is still up and answering.
    expect((await send({ method: 'GET', path: '/prod/openapi.json', headers: {} })).status).toBe(200);
    expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
  }, 60_000);
});

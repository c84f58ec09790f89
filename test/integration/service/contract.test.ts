// Contract-wide checks over every operation of `operations`: bad input never answers 500 and
// always answers problem details that blame the field; every operation's authentication.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operations, type Operation } from '../../../src/contract/index.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { call, createFixture, expectFieldProblem, expectProblem, sampleRequest, type Fixture } from './contractFixtures.js';

let svc: TestService;
let fx: Fixture;
beforeAll(async () => {
  svc = await startTestService();
  fx = await createFixture(svc, svc.key.key, 'AlphaMarker');
});
afterAll(async () => svc.close());

type JsonSchema = { type?: string | string[]; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; properties?: Record<string, JsonSchema>; enum?: unknown[] };

/** The top-level properties of a part's input JSON Schema (an optional object is an anyOf). */
function propertiesOf(schema: z.ZodType): Record<string, JsonSchema> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return json.properties ?? json.anyOf?.find((s) => s.properties)?.properties ?? {};
}

/** Every JSON type a property accepts (through anyOf/oneOf); empty when it accepts anything. */
function typesOf(schema: JsonSchema): Set<string> {
  const out = new Set<string>();
  const visit = (s: JsonSchema) => {
    for (const t of [s.type ?? []].flat()) out.add(t === 'integer' ? 'number' : t);
    for (const sub of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) visit(sub);
  };
  visit(schema);
  return out;
}

const SAMPLES: Record<string, unknown> = { string: 'text', number: 12345, boolean: true, object: { x: 1 }, array: [1, 'two'], null: null };

function nested(depth: number, kind: 'object' | 'array'): string {
  return kind === 'object' ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth);
}

const MEGA = 'x'.repeat(1024 * 1024);
const bodyOps = operations.filter((op) => op.body);
const writeOps = operations.filter((op) => op.method !== 'GET');

describe('bad bodies never answer 500 (every operation with a JSON body)', () => {
  it.each(bodyOps.map((op) => [op.id, op] as const))('%s: wrong type for each top-level property', async (_id, op) => {
    const base = sampleRequest(op, fx);
    const cases = Object.entries(propertiesOf(op.body!)).flatMap(([name, prop]) => {
      const accepted = typesOf(prop);
      if (accepted.size === 0) return [];
      return Object.entries(SAMPLES).filter(([type]) => !accepted.has(type)).map(([, value]) => [name, value] as const);
    });
    await Promise.all(
      cases.map(async ([name, value]) => {
        const res = await call(svc, op, { ...base, body: { ...(base.body as object), [name]: value } }, fx, { idempotencyKey: randomUUID() });
        expectFieldProblem(op, res, `/${name} = ${JSON.stringify(value)}`, { pointer: `/${name}` });
      }),
    );
  });

  it.each(bodyOps.map((op) => [op.id, op] as const))('%s: a 1 MB string and deep nesting in each property', async (_id, op) => {
    const base = sampleRequest(op, fx);
    const holes = [
      ['1 MB string', JSON.stringify(MEGA)],
      ['nested objects', nested(5000, 'object')],
      ['nested arrays', nested(5000, 'array')],
    ] as const;
    const cases = Object.keys(propertiesOf(op.body!)).flatMap((name) => holes.map(([what, raw]) => [name, what, raw] as const));
    await Promise.all(
      cases.map(async ([name, what, raw]) => {
        const body = JSON.stringify({ ...(base.body as object), [name]: '__HOLE__' }).replace('"__HOLE__"', raw);
        const res = await call(svc, op, base, fx, { raw: body, idempotencyKey: randomUUID() });
        expectFieldProblem(op, res, `${what} in /${name}`, { pointer: `/${name}` });
      }),
    );
  });

  it.each(bodyOps.map((op) => [op.id, op] as const))('%s: null, an array, a string, nesting instead of the object', async (_id, op) => {
    const base = sampleRequest(op, fx);
    const raws = ['null', '[]', JSON.stringify([base.body]), '"text"', '42', 'true', JSON.stringify(MEGA), nested(5000, 'array')];
    await Promise.all(
      raws.map(async (raw) => {
        const res = await call(svc, op, base, fx, { raw, idempotencyKey: randomUUID() });
        expectProblem(op, res, `body ${raw.slice(0, 40)}`);
      }),
    );
    // Deeply nested unknown properties: ignored like any unknown property (a body of optional
    // fields only is then valid), but never a crash.
    const deep = await call(svc, op, base, fx, { raw: nested(5000, 'object'), idempotencyKey: randomUUID() });
    if (deep.status >= 300) expectProblem(op, deep, 'deeply nested object');
  });
});

describe('unparseable bodies answer 400 problem details (every operation that takes a body)', () => {
  it.each(writeOps.map((op) => [op.id, op] as const))('%s: malformed JSON, an empty JSON body, a foreign content type', async (_id, op) => {
    const base = sampleRequest(op, fx);
    await Promise.all(
      ['{"a": ', '{a: 1}', "{'a': 1}", '{"a": 1}}', '\u0000'].map(async (raw) => {
        const res = await call(svc, op, { params: base.params }, fx, { raw, idempotencyKey: randomUUID() });
        expectProblem(op, res, `malformed ${JSON.stringify(raw)}`);
        expect(res.status, `${op.id} ${raw}`).toBe(400);
      }),
    );
    const foreign = await call(svc, op, { params: base.params }, fx, {
      raw: 'hello',
      headers: { 'content-type': 'text/x-unknown' },
      idempotencyKey: randomUUID(),
    });
    if (foreign.status >= 400) expectProblem(op, foreign, 'foreign content type');
    expect(foreign.status).toBeLessThan(500);
  });
});

function queryCases(schema: JsonSchema): string[] {
  const types = typesOf(schema);
  if (types.has('number')) return ['abc', '1.5', '-1', '0', '1e309', '99999999999999999999'];
  if (types.has('boolean')) return ['maybe', 'TRUE!', ''];
  if (schema.enum) return ['zzz', ''];
  return [];
}

describe('bad query and path parameters never answer 500', () => {
  const withQuery = operations.filter((op) => op.query);
  it.each(withQuery.map((op) => [op.id, op] as const))('%s: wrong types, over-long and repeated query values', async (_id, op) => {
    const base = sampleRequest(op, fx);
    for (const [name, prop] of Object.entries(propertiesOf(op.query!))) {
      await Promise.all(
        queryCases(prop).map(async (value) => {
          const res = await call(svc, op, { ...base, query: { ...base.query, [name]: value } }, fx);
          expectFieldProblem(op, res, `?${name}=${value}`, { parameter: name });
        }),
      );
      const long = await call(svc, op, { ...base, query: { ...base.query, [name]: 'y'.repeat(10_000) } }, fx);
      expectProblem(op, long, `over-long ?${name}`);
      if (long.status === 422) expectFieldProblem(op, long, `over-long ?${name}`, { parameter: name });
      const repeated = await fetch(`${svc.url}${op.path}?${name}=1&${name}=2`, { headers: { 'x-api-key': fx.key } });
      expect(repeated.status, `${op.id} repeated ${name}`).toBeLessThan(500);
    }
  });

  const withParams = operations.filter((op) => op.params);
  it.each(withParams.map((op) => [op.id, op] as const))('%s: odd, over-long and unknown path values', async (_id, op) => {
    const base = sampleRequest(op, fx);
    for (const name of Object.keys(propertiesOf(op.params!))) {
      await Promise.all(
        ['%00', '..', ' ', 'ünïcødé', '0', '-1', 'null', "' OR 1=1 --", randomUUID(), 'z'.repeat(200)].map(async (value) => {
          const res = await call(svc, op, { ...base, params: { ...base.params, [name]: value } }, fx, { idempotencyKey: randomUUID() });
          expectProblem(op, res, `{${name}} = ${value.slice(0, 20)}`);
        }),
      );
      const broken = await fetch(svc.url + op.path.replace(`{${name}}`, '%E0%A4%A'), { method: op.method, headers: { 'x-api-key': fx.key } });
      expectProblem(op, { status: broken.status, headers: broken.headers, text: '', body: await broken.json() }, 'broken percent-encoding');
      for (const length of [256, 5000]) {
        const res = await call(svc, op, { ...base, params: { ...base.params, [name]: 'z'.repeat(length) } }, fx, { idempotencyKey: randomUUID() });
        expectFieldProblem(op, res, `{${name}} of ${length} characters`, { parameter: name });
        expect(res.status).toBe(422);
      }
    }
  });
});

describe('authentication on every operation', () => {
  it.each(operations.map((op) => [op.id, op] as const))('%s: 401 without or with an unknown key, 403 inactive', async (_id, op) => {
    const inactive = svc.createKey({ inactive: true });
    const req = sampleRequest(op, fx);
    await Promise.all(
      [null, '', 'dsk_unknown', `${fx.key}x`, 'x'.repeat(5000)].map(async (key) => {
        const res = await call(svc, op, req, fx, { key, idempotencyKey: randomUUID() });
        expect(res.status, `${op.id} key ${String(key).slice(0, 12)}`).toBe(401);
        expectProblem(op, res, 'no key');
      }),
    );
    const off = await call(svc, op, req, fx, { key: inactive.key, idempotencyKey: randomUUID() });
    expect(off.status).toBe(403);
    expectProblem(op, off, 'inactive key');
  });

  it.each(operations.map((op) => [op.id, op] as const))('%s: a read-only key is refused on writes only', async (_id, op: Operation) => {
    const readOnly = svc.createKey({ readOnly: true });
    const res = await call(svc, op, sampleRequest(op, fx), fx, { key: readOnly.key, idempotencyKey: randomUUID() });
    if (op.write) {
      expect(res.status, `${op.id} ${res.text}`).toBe(403);
      expectProblem(op, res, 'read-only key');
    } else {
      // A read-only key belongs to the default workspace, so reads of the fixture succeed.
      expect(res.status, `${op.id} ${res.text.slice(0, 200)}`).toBeLessThan(300);
    }
  });
});

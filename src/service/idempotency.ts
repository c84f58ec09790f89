// Request fingerprints for Idempotency-Key (decisions 15); the records live in store/idempotency.ts.
import { createHash } from 'node:crypto';

/** A piece of canonical JSON still to write: a value, or literal text (brackets, commas, keys). */
type Pending = { value: unknown } | { text: string };

/**
 * JSON with object keys sorted, so that equal bodies have equal fingerprints (decisions 15).
 * Written without recursion: a hostile body nests thousands deep and must fail validation, not
 * overflow the stack here first.
 */
export function canonicalJson(root: unknown): string {
  const out: string[] = [];
  const stack: Pending[] = [{ value: root }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('text' in item) {
      out.push(item.text);
      continue;
    }
    const value = item.value;
    // Multipart file parts arrive as Buffers: fingerprint them by content, not by JSON of every byte.
    if (Buffer.isBuffer(value)) out.push(JSON.stringify({ $sha256: createHash('sha256').update(value).digest('hex') }));
    else if (Array.isArray(value)) pushAll(stack, '[', ']', value.map((v) => [undefined, v]));
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record).sort().filter((k) => record[k] !== undefined);
      pushAll(stack, '{', '}', keys.map((k) => [k, record[k]]));
    } else out.push(JSON.stringify(value ?? null));
  }
  return out.join('');
}

/** Schedule `open entry , entry ... close` (pushed in reverse: the stack pops first-in last). */
function pushAll(stack: Pending[], open: string, close: string, entries: Array<[string | undefined, unknown]>): void {
  stack.push({ text: close });
  for (let i = entries.length - 1; i >= 0; i--) {
    const [key, value] = entries[i]!;
    stack.push({ value });
    if (key !== undefined) stack.push({ text: `${JSON.stringify(key)}:` });
    if (i > 0) stack.push({ text: ',' });
  }
  stack.push({ text: open });
}

export const fingerprint = (body: unknown): string => createHash('sha256').update(canonicalJson(body)).digest('hex');

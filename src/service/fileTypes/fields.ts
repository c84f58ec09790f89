// Edits of a schema's field definitions (spec 2.2): by `id` an existing field is updated,
// without one a field is added. Pure functions over copies; the caller stores the result.
import { randomUUID } from 'node:crypto';
import { FIELD_TYPES, type FieldPatch } from '../../contract/fileTypes.js';
import type { FieldError } from '../../contract/problem.js';

/** Give every field (and child) without an id a fresh one. */
export function withIds(fields: FieldPatch[]): FieldPatch[] {
  return fields.map((f) => ({ ...f, id: f.id ?? randomUUID(), ...(f.items ? { items: withIds(f.items) } : {}) }));
}

function findField(fields: FieldPatch[], id: string): FieldPatch | undefined {
  for (const f of fields) {
    if (f.id === id) return f;
    const inner = f.items && findField(f.items, id);
    if (inner) return inner;
  }
  return undefined;
}

/** Title paths (`Line Items.Amount`) of every field with an id, for `fieldPaths` matching. */
export function titlePaths(fields: FieldPatch[], prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of fields) {
    const here = prefix ? `${prefix}.${f.title ?? ''}` : (f.title ?? '');
    if (f.id) out.set(f.id, here);
    if (f.items) for (const [id, p] of titlePaths(f.items, here)) out.set(id, p);
  }
  return out;
}

export interface EditResult {
  fields: FieldPatch[];
  errors: FieldError[];
}

/**
 * Apply edits to a copy of `base`. An edit with an unknown id, or a new field without a title
 * and type, is reported with its JSON pointer (`pointer` is where the edits list sits in the body).
 */
export function applyEdits(base: FieldPatch[], edits: FieldPatch[], pointer = '/fields'): EditResult {
  const fields = structuredClone(base);
  const errors: FieldError[] = [];
  edits.forEach((edit, i) => editOne(fields, edit, `${pointer}/${i}`, errors));
  return { fields, errors };
}

function editOne(fields: FieldPatch[], edit: FieldPatch, at: string, errors: FieldError[]): void {
  const { items, ...props } = edit;
  if (edit.id !== undefined) {
    const target = findField(fields, edit.id);
    if (!target) {
      errors.push({ code: 'UNKNOWN_FIELD', detail: `No field with id "${edit.id}" in this schema.`, pointer: `${at}/id` });
      return;
    }
    Object.assign(target, props);
    if (items) items.forEach((child, j) => editOne((target.items ??= []), child, `${at}/items/${j}`, errors));
    return;
  }
  if (!edit.title || !edit.type) {
    errors.push({ code: 'REQUIRED', detail: 'A new field (without id) needs a title and a type.', pointer: at });
    return;
  }
  fields.push(withIds([{ ...props, ...(items ? { items } : {}) }])[0]!);
}

/** Pointers of every `type` outside the spec's set (2.2), children included. */
export function invalidTypes(fields: Array<{ type?: string; items?: unknown[] }>, pointer = '/fields'): FieldError[] {
  const errors: FieldError[] = [];
  fields.forEach((f, i) => {
    if (f.type !== undefined && !(FIELD_TYPES as readonly string[]).includes(f.type)) {
      errors.push({
        code: 'INVALID_FIELD_TYPE',
        detail: `Invalid field type "${f.type}": one of ${FIELD_TYPES.join(', ')}.`,
        pointer: `${pointer}/${i}/type`,
      });
    }
    if (Array.isArray(f.items)) errors.push(...invalidTypes(f.items as typeof fields, `${pointer}/${i}/items`));
  });
  return errors;
}

/**
 * The edits `fieldPaths` selects (4.9: fields not listed are untouched). A path names an edit by
 * its id, its title, or the title path of the existing field it updates. A path that names no
 * edit is reported.
 */
export function selectEdits(
  base: FieldPatch[],
  edits: FieldPatch[],
  fieldPaths: string[] | undefined,
): { edits: FieldPatch[]; errors: FieldError[] } {
  if (!fieldPaths) return { edits, errors: [] };
  const paths = titlePaths(base);
  const names = edits.map((e) => new Set([e.id, e.title, e.id ? paths.get(e.id) : undefined].filter((x): x is string => !!x)));
  const chosen = new Set<number>();
  const errors: FieldError[] = [];
  fieldPaths.forEach((p, i) => {
    const hits = names.flatMap((set, j) => (set.has(p) ? [j] : []));
    if (hits.length === 0) {
      errors.push({ code: 'UNKNOWN_FIELD_PATH', detail: `No field in "fields" matches "${p}".`, pointer: `/fieldPaths/${i}` });
    }
    for (const j of hits) chosen.add(j);
  });
  return { edits: edits.filter((_, j) => chosen.has(j)), errors };
}

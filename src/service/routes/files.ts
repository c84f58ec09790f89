// Files: read and update extracted values (spec 4.14, decisions 4 and 23), delete files (4.12, decisions 19).
// Previews live in preview.ts and are registered from here so the area table has one entry.
import { deleteFiles, getFilePages, getFileValues, updateFileValues } from '../../contract/files.js';
import type { FieldError } from '../../contract/problem.js';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, validationFailed } from '../errors.js';
import { JsonText } from '../route.js';
import { deleteFileRows, existingFileIds } from '../store/fileObjects.js';
import { fileExists, getValueFields, readPageWords, readValues, saveValueFields, type StoredField } from '../store/fileValues.js';
import { registerPreview } from './preview.js';
import { rememberCorrections } from '../store/vendorMemory.js';

const FILE_NOT_FOUND = 'File not found.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INVALID_FILE_IDS = 'Invalid fileIds.';

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  app.operation(getFileValues, ({ params, query, auth }) => {
    const found = app.reads.read((db) => readValues(db, auth.workspaceId, params.fileId, query));
    if (!found) throw notFound(FILE_NOT_FOUND);
    return new JsonText(`{"values":{"formValues":[${found.entries.join(',')}],"count":${found.count},"currentPage":${query.page}}}`);
  });

  app.operation(updateFileValues, ({ params, body, auth }) => {
    if (!fileExists(app.db, auth.workspaceId, params.fileId)) throw notFound(FILE_NOT_FOUND);
    const stored = getValueFields(app.db, params.fileId, body.schemaValueId);
    if (!stored) throw notFound('No formValues entry with this schemaValueId for this file.');
    const fields = applyUpdates(stored, body.fields);
    const now = new Date(app.serviceOptions.now()).toISOString();
    const formValue = saveValueFields(app.db, params.fileId, body.schemaValueId, fields, now);
    // Issue 16: the vendor's next document is read where this correction says its values stand.
    rememberCorrections(app.db, auth.workspaceId, params.fileId, stored, fields, body.fields.map((f) => f.title), now);
    return new JsonText(`{"success":true,"formValue":${formValue}}`);
  });

  app.operation(getFilePages, ({ params, auth }) => {
    if (!fileExists(app.db, auth.workspaceId, params.fileId)) throw notFound(FILE_NOT_FOUND);
    return { pages: readPageWords(app.db, params.fileId) };
  });

  app.operation(
    deleteFiles,
    ({ body, auth }) => {
      const ids = requestedFileIds(body?.fileIds);
      // All or nothing: one bad id refuses the request before anything is deleted.
      if (ids.some((id) => id.length !== 36 || !UUID.test(id))) throw validationFailed(INVALID_FILE_IDS);
      const found = existingFileIds(app.db, auth.workspaceId, ids);
      if (found.size !== ids.length) throw validationFailed(INVALID_FILE_IDS);
      deleteFileRows(app.db, app.serviceOptions.dataDir, auth.workspaceId, ids);
      return { success: true };
    },
    { invalidDetails: { '/fileIds': INVALID_FILE_IDS, '/': INVALID_FILE_IDS } },
  );

  registerPreview(app);
}

/** Decisions 19: an array or one comma-separated string; missing or empty is a 400 (spec 4.12). */
function requestedFileIds(input: string[] | string | null | undefined): string[] {
  const ids = typeof input === 'string' ? input.split(',').map((s) => s.trim()) : (input ?? []);
  if (ids.length === 0 || (typeof input === 'string' && input.trim() === '')) {
    throw badRequest('fileIds is required and must not be empty.', [
      { code: 'REQUIRED', detail: 'fileIds is required and must not be empty.', pointer: '/fileIds' },
    ]);
  }
  return [...new Set(ids)];
}

/** New values by title, each checked against its field's type; null clears a value. */
function applyUpdates(stored: StoredField[], updates: Array<{ title: string; value?: unknown }>): StoredField[] {
  const errors: FieldError[] = [];
  const next = stored.map((f) => ({ ...f }));
  const seen = new Set<string>();
  updates.forEach((update, i) => {
    const field = next.find((f) => f.title === update.title);
    if (seen.has(update.title)) {
      errors.push({ code: 'DUPLICATE', detail: 'This field is given more than once.', pointer: `/fields/${i}/title` });
    } else if (!field) {
      errors.push({ code: 'NOT_FOUND', detail: 'The entry has no field with this title.', pointer: `/fields/${i}/title` });
    } else if (!('value' in update)) {
      errors.push({ code: 'REQUIRED', detail: 'A value is required (null clears it).', pointer: `/fields/${i}/value` });
    } else if (!suitsType(String(field.type).toLowerCase(), update.value)) {
      errors.push({ code: 'INVALID_TYPE', detail: `Expected a ${String(field.type).toLowerCase()} value or null.`, pointer: `/fields/${i}/value` });
    } else {
      field.value = update.value;
      // A person's correction is certain; the extractor's confidence no longer applies.
      if ('confidence' in field) field.confidence = 1;
    }
    seen.add(update.title);
  });
  if (errors.length > 0) throw validationFailed(`Invalid field values: ${errors.map((e) => e.pointer).join(', ')}.`, errors);
  return next;
}

function suitsType(type: string, value: unknown): boolean {
  if (value === null) return true;
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value));
    case 'object':
      return typeof value === 'object' && (!Array.isArray(value) || value.every((row) => typeof row === 'object' && row !== null));
    default:
      return true;
  }
}

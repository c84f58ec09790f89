import {
  approveFileType,
  createFileType,
  DELETE_MESSAGES,
  deleteFileTypes,
  getFileType,
  listFileTypes,
  lockFileType,
  unlockFileType,
} from '../../contract/fileTypes.js';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../errors.js';
import { withIds } from '../fileTypes/fields.js';
import {
  approveBlueprint,
  createFileType as insertFileType,
  deleteBlueprint,
  findBlueprintByClassName,
  getBlueprint,
  getSchemaRow,
  listBlueprints,
  listSchemaRows,
  organizationOf,
  setBlueprintLocked,
  toBlueprint,
  toSchemaObject,
} from '../store/fileTypes.js';
import { isUniqueViolation, type DB } from '../store/sql.js';
import { registerSchemas } from './schemas.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const FILE_TYPE_NOT_FOUND = 'File type not found.';
export const SCHEMA_NOT_FOUND = 'Schema not found.';

/** 4.6's request-level 422, whichever part of `blueprintIds` is wrong (the list or one of its items). */
const BLUEPRINT_IDS_INVALID = Object.fromEntries(
  ['/blueprintIds', ...Array.from({ length: 50 }, (_, i) => `/blueprintIds/${i}`)].map((p) => [p, 'blueprintIds must be an array of 1 to 50 strings.']),
);

type DeleteMessage = (typeof DELETE_MESSAGES)[keyof typeof DELETE_MESSAGES];

/**
 * One id of a bulk delete (4.6). Another workspace's file type answers "not found", never
 * "Unauthorized access": isolation means its existence is not revealed. "Unauthorized access"
 * is the answer for the workspace's system-managed default file type (the one uploads without
 * a schema use, decisions 7), which no key may delete.
 */
function deleteOne(db: DB, workspaceId: string, id: string): DeleteMessage | undefined {
  if (!UUID.test(id)) return DELETE_MESSAGES.invalidId;
  const row = getBlueprint(db, workspaceId, id.toLowerCase());
  if (!row) return DELETE_MESSAGES.notFound;
  if (row.is_default === 1) return DELETE_MESSAGES.unauthorized;
  if (row.locked === 1) return DELETE_MESSAGES.locked;
  deleteBlueprint(db, row.id);
  return undefined;
}

export async function fileTypeRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.operation(createFileType, ({ body, auth }) => {
    if (findBlueprintByClassName(db, auth.workspaceId, body.className)) {
      throw conflict(`A file type with class name "${body.className}" already exists.`);
    }
    try {
      const row = insertFileType(db, auth, { className: body.className, name: body.name, fields: withIds(body.fields) });
      return toBlueprint(row, auth.organizationId);
    } catch (error) {
      // Two concurrent creates of one class name: the unique index decides.
      if (isUniqueViolation(error)) {
        throw conflict(`A file type with class name "${body.className}" already exists.`);
      }
      throw error;
    }
  });

  app.operation(listFileTypes, ({ auth }) => {
    const fileTypes = listBlueprints(db, auth.workspaceId).map((r) => toBlueprint(r, auth.organizationId));
    return { fileTypes, count: fileTypes.length };
  });

  app.operation(getFileType, ({ params, auth }) => {
    const row = getBlueprint(db, auth.workspaceId, params.blueprintId);
    if (!row) throw notFound(FILE_TYPE_NOT_FOUND);
    const schemas = listSchemaRows(db, auth.workspaceId, row.id).map((s) => toSchemaObject(s, auth.organizationId));
    return { fileType: toBlueprint(row, auth.organizationId), schemas };
  });

  app.operation(
    deleteFileTypes,
    ({ body, auth, request }) => {
      const ids = [...new Set(body.blueprintIds)];
      const errors: Array<{ blueprintId: string; message: DeleteMessage }> = [];
      let deletedCount = 0;
      for (const id of ids) {
        let message: DeleteMessage | undefined;
        try {
          message = deleteOne(db, auth.workspaceId, id);
        } catch (error) {
          request.log.error({ err: error, blueprintId: id }, 'file type delete failed');
          message = DELETE_MESSAGES.failed;
        }
        if (message) errors.push({ blueprintId: id, message });
        else deletedCount += 1;
      }
      const failedCount = errors.length;
      return {
        success: !(deletedCount === 0 && failedCount > 0),
        deletedCount,
        failedCount,
        ...(failedCount > 0 ? { errors } : {}),
      };
    },
    { invalidDetails: BLUEPRINT_IDS_INVALID },
  );

  app.operation(approveFileType, ({ body, auth }) => {
    const blueprint = getBlueprint(db, auth.workspaceId, body.blueprintId);
    if (!blueprint) throw notFound(FILE_TYPE_NOT_FOUND);
    const schema = getSchemaRow(db, auth.workspaceId, body.schemaId);
    if (!schema) throw notFound(SCHEMA_NOT_FOUND);
    if (schema.blueprint_id !== blueprint.id) {
      throw badRequest('Schema does not belong to this file type.', [
        { code: 'MISMATCH', detail: 'schemaId is a version of another file type.', pointer: '/schemaId' },
      ]);
    }
    approveBlueprint(db, blueprint.id, schema.id);
    return { success: true };
  });

  for (const [op, locked] of [
    [lockFileType, true],
    [unlockFileType, false],
  ] as const) {
    app.operation(op, ({ params, auth }) => {
      const row = getBlueprint(db, auth.workspaceId, params.blueprintId);
      if (!row) throw notFound(FILE_TYPE_NOT_FOUND);
      setBlueprintLocked(db, row.id, locked);
      return toBlueprint(getBlueprint(db, auth.workspaceId, row.id)!, organizationOf(db, auth.workspaceId));
    });
  }

  registerSchemas(app);
}

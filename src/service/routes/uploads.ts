import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DEFAULT_OCR_MODEL, getUpload, listFiles, uploadFile, type UploadBody, type UploadTicket } from '../../contract/uploads.js';
import { registerCallbackDelivery } from '../callbacks.js';
import { checkCallbackAddress } from '../callbackAddress.js';
import { callbackPolicy, type AuthContext, type ServiceContext } from '../context.js';
import { forbidden, notFound, ServiceProblem, validationFailed } from '../errors.js';
import { processingQueueOf, registerProcessingQueue } from '../processingQueue.js';
import type { ReplayLimit } from '../idempotency.js';
import { Reply } from '../route.js';
import { signUrl, verifySignedUrl } from '../signing.js';
import { putBlob } from '../store/blobs.js';
import { batchedWrite } from '../../writeBatch.js';
import { directoryPath, getDirectory, resolveDestination, type DirectoryRow } from '../store/directories.js';
import { getSchemaForExtraction } from '../store/schemas.js';
import {
  getUploadRow,
  insertUpload,
  isZipUpload,
  queryFiles,
  recordStep,
  storagePathOf,
  timeOrderedUuid,
  toFileRecord,
  uploadByObjectId,
  uploadStatus,
  type UploadRow,
} from '../store/uploads.js';

/** The effective callback address (spec 4.10, 6): the request's, else the key's default. */
function effectiveCallback(ctx: ServiceContext, requested: string | undefined, auth: AuthContext) {
  if (requested === undefined) {
    return auth.callbackUrl ? { url: auth.callbackUrl, source: 'api_key' as const } : { url: null, source: null };
  }
  checkCallbackAddress(requested, callbackPolicy(ctx.options));
  return { url: requested, source: 'user' as const };
}

/**
 * A ticket is replayed (same Idempotency-Key) only while its address works (issue 18): until
 * shortly before the address expires, leaving time to use it, and only while the service is
 * reached at the base address the ticket names (the embedded service may come back on another
 * port). After that the same key gets a fresh ticket.
 */
function ticketReplay(ctx: ServiceContext, issuedAt: number): ReplayLimit {
  const ttlMs = ctx.options.uploadUrlTtlSeconds * 1000;
  return { validUntil: issuedAt + ttlMs - Math.min(60_000, ttlMs / 2), baseUrl: ctx.baseUrl() };
}

function createTicket(ctx: ServiceContext, body: z.output<typeof UploadBody>, auth: AuthContext): UploadTicket {
  const callback = effectiveCallback(ctx, body.callbackURL, auth);
  if (body.schemaId !== undefined && !getSchemaForExtraction(ctx.db, auth.workspaceId, body.schemaId)) {
    throw validationFailed('Invalid schemaId.', [{ code: 'NOT_FOUND', detail: 'No such schema in this workspace.', pointer: '/schemaId' }]);
  }
  let start: DirectoryRow | undefined;
  if (body.directoryId !== undefined) {
    start = getDirectory(ctx.db, auth.workspaceId, body.directoryId);
    if (!start) {
      throw validationFailed('Invalid directoryId.', [{ code: 'NOT_FOUND', detail: 'No such directory in this workspace.', pointer: '/directoryId' }]);
    }
  }
  const now = new Date(ctx.options.now()).toISOString();
  const objectId = timeOrderedUuid();
  const create = () => {
    const target = body.destinationPath ? resolveDestination(ctx.db, auth, ctx.options.maxDirectoryDepth, body.destinationPath, start) : start;
    const upload: UploadRow = {
      id: timeOrderedUuid(),
      workspace_id: auth.workspaceId,
      key_id: auth.keyId,
      user_id: auth.userId,
      object_id: objectId,
      file_name: body.fileName,
      file_type: body.fileType,
      is_split: body.isSplit ? 1 : 0,
      is_split_excel: body.isSplitExcel ? 1 : 0,
      callback_url: callback.url,
      callback_source: callback.source,
      ocr_model: body.ocrModel ?? DEFAULT_OCR_MODEL,
      schema_locking: body.schemaLocking ? 1 : 0,
      schema_id: body.schemaId ?? null,
      directory_id: target?.id ?? null,
      destination_path: target ? directoryPath(ctx.db, auth.workspaceId, target.id) : '',
      is_ephemeral: body.isEphemeral ? 1 : 0,
      page_count: body.pageCount ?? null,
      api_request_id: body.apiRequestId ?? null,
      retain_zip_name: body.retainOriginalZipFileName && isZipUpload({ file_type: body.fileType, file_name: body.fileName }) ? 1 : 0,
      blob_sha256: null,
      size: null,
      status: 'waiting',
      error_reason: null,
      generation: 0,
      created_at: now,
      updated_at: now,
    };
    insertUpload(ctx.db, upload);
    return upload;
  };
  // Folders and the upload are created together or not at all (a savepoint inside the caller's batch).
  const row = body.destinationPath ? ctx.db.transaction(create)() : create();
  return {
    storagePath: storagePathOf(auth.workspaceId, objectId),
    presignedUploadURL: signUrl(ctx.baseUrl(), ctx.urlSecret, 'upload', objectId, ctx.options.uploadUrlTtlSeconds, ctx.options.now()),
    uploadId: row.id,
    callbackURL: row.callback_url,
    callbackURLSource: row.callback_source,
    ocrModel: row.ocr_model,
    schemaLocking: row.schema_locking === 1,
    isSplit: row.is_split === 1,
    isSplitExcel: row.is_split_excel === 1,
    directoryId: row.directory_id,
    destinationPath: row.destination_path,
    isEphemeral: row.is_ephemeral === 1,
    schemaId: row.schema_id,
    apiRequestId: row.api_request_id,
  };
}

/**
 * A successful PUT: the upload's bytes are replaced and processing starts over for a new
 * generation. The first file of the upload keeps its id (and the ticket's storage path);
 * files an earlier run split off are removed.
 */
function acceptBytes(ctx: ServiceContext, upload: UploadRow, blob: { sha256: string; size: number }): void {
  const db = ctx.db;
  const now = new Date(ctx.options.now()).toISOString();
  db.transaction(() => {
    const generation = (db.prepare('SELECT generation FROM uploads WHERE id = ?').pluck().get(upload.id) as number) + 1;
    db.prepare(
      `UPDATE uploads SET blob_sha256 = ?, size = ?, generation = ?, status = 'waiting', error_reason = NULL, updated_at = ? WHERE id = ?`,
    ).run(blob.sha256, blob.size, generation, now, upload.id);
    db.prepare('DELETE FROM upload_steps WHERE upload_id = ?').run(upload.id);
    recordStep(db, upload.id, 'file_uploaded', 'waiting', now);
    db.prepare('DELETE FROM files WHERE upload_id = ? AND object_id != ?').run(upload.id, upload.object_id);
    const primary = db.prepare('SELECT id FROM files WHERE object_id = ?').pluck().get(upload.object_id) as string | undefined;
    if (primary) {
      db.prepare('DELETE FROM form_values WHERE file_id = ?').run(primary);
      db.prepare('DELETE FROM document_pages WHERE file_id = ?').run(primary);
      db.prepare(
        `UPDATE files SET file_name = ?, file_type = ?, file_size = ?, blob_sha256 = ?, status = 'uploaded', schema_id = ?,
         error_reason = NULL, zip_archive_name = NULL, document_id = NULL, page_count = NULL, updated_at = ? WHERE id = ?`,
      ).run(upload.file_name, upload.file_type, blob.size, blob.sha256, upload.schema_id, now, primary);
    } else {
      db.prepare(
        `INSERT INTO files (id, upload_id, workspace_id, user_id, file_name, file_type, file_size, blob_sha256, object_id, status,
         schema_id, directory_id, destination_path, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'uploaded', ?, ?, ?, ?, ?)`,
      ).run(
        randomUUID(), upload.id, upload.workspace_id, upload.user_id, upload.file_name, upload.file_type, blob.size, blob.sha256,
        upload.object_id, upload.schema_id, upload.directory_id, upload.destination_path, now, now,
      );
    }
    // Spec 3 rule 4: schemaLocking locks the chosen schema once the file is uploaded.
    if (upload.schema_locking === 1 && upload.schema_id) {
      db.prepare('UPDATE schemas SET locked = 1 WHERE id = ? AND workspace_id = ?').run(upload.schema_id, upload.workspace_id);
    }
    db.prepare(
      `INSERT INTO processing_jobs (upload_id, generation, state, attempts, updated_at) VALUES (?, ?, 'queued', 0, ?)
       ON CONFLICT (upload_id) DO UPDATE SET generation = excluded.generation, state = 'queued', attempts = 0, updated_at = excluded.updated_at`,
    ).run(upload.id, generation, now);
  })();
}

async function receiveBytes(ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply) {
  const { objectId } = request.params as { objectId: string };
  if (!verifySignedUrl(ctx.urlSecret, 'upload', objectId, request.query as Record<string, unknown>, ctx.options.now())) {
    throw forbidden('The upload address is invalid or has expired: request a new upload ticket.');
  }
  const upload = uploadByObjectId(ctx.db, objectId);
  if (!upload) throw notFound('No such upload.');
  const max = ctx.options.maxUploadBytes;
  const declared = Number(request.headers['content-length']);
  // The rest of the body is not read: the connection closes after the answer.
  if (Number.isFinite(declared) && declared > max) {
    throw new ServiceProblem(413, `File exceeds the size limit of ${max} bytes.`, { headers: { connection: 'close' } });
  }
  // Through a PassThrough, so a failure destroys only it and the socket can still carry the answer.
  const source = new PassThrough();
  request.raw.pipe(source);
  let blob;
  try {
    blob = await putBlob(ctx.db, ctx.options.dataDir, source, max);
  } catch (error) {
    request.raw.unpipe(source);
    request.raw.resume();
    if (error instanceof ServiceProblem) {
      throw new ServiceProblem(error.status, error.detail, { ...error.options, headers: { connection: 'close' } });
    }
    throw error;
  }
  acceptBytes(ctx, upload, blob);
  processingQueueOf(ctx)?.kick(upload.id);
  reply.code(200).header('etag', `"${blob.sha256}"`).send();
}

/** The presigned PUT: no API key (the signature is the credential), any content type, streamed. */
function registerBlobUpload(ctx: ServiceContext): void {
  ctx.app.register(async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    // Leave the body unread: the handler streams it into the blob store.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.put('/blob/upload/:objectId', (request, reply) => receiveBytes(ctx, request, reply));
  });
}

export function registerUploads(ctx: ServiceContext): void {
  registerCallbackDelivery(ctx);
  registerProcessingQueue(ctx);
  registerBlobUpload(ctx);

  // Tickets are the service's hottest write: their inserts share commits (see writeBatch.ts).
  ctx.route(uploadFile, async ({ body, auth }) => {
    const issuedAt = ctx.options.now();
    const ticket = await batchedWrite(ctx.db, () => createTicket(ctx, body, auth));
    return new Reply(uploadFile.status, ticket, {}, ticketReplay(ctx, issuedAt));
  }, {
    invalidDetails: {
      '/fileName': 'Invalid fileName.',
      '/fileType': 'Invalid fileType.',
      '/callbackURL': 'Invalid callbackURL: it must be a valid HTTPS URL.',
      '/ocrModel': 'Invalid ocrModel.',
      '/directoryId': 'Invalid directoryId.',
      '/destinationPath': 'Invalid destinationPath.',
      '/schemaId': 'Invalid schemaId.',
    },
  });

  ctx.route(getUpload, ({ params, auth }) => {
    const upload = getUploadRow(ctx.db, auth.workspaceId, params.uploadId);
    if (!upload) throw notFound('No such upload.');
    const status = uploadStatus(ctx.db, upload);
    const partial = isZipUpload(upload) && upload.status === 'completed' && status.files.some((f) => f.status === 'failed');
    return partial ? new Reply(207, status) : status;
  });

  ctx.route(listFiles, ({ query, auth }) => {
    const { rows, count } = queryFiles(ctx.db, auth.workspaceId, query);
    return { files: rows.map(toFileRecord), count, currentPage: query.page };
  });
}

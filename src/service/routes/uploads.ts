import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DEFAULT_OCR_MODEL, getUpload, listFiles, uploadFile, type UploadBody, type UploadTicket } from '../../contract/uploads.js';
import { checkCallbackAddress } from '../callbackAddress.js';
import { isoTime } from '../isoTime.js';
import { callbackPolicy, type AuthContext } from '../options.js';
import { forbidden, notFound, ServiceProblem, validationFailed } from '../errors.js';
import type { ReplayLimit } from '../store/idempotency.js';
import { Reply } from '../route.js';
import { signUrl, verifySignedUrl } from '../signing.js';
import { putBlob } from '../store/blobs.js';
import { BlobTooLarge } from '../store/errors.js';
import { batchedWrite } from '../../writeBatch.js';
import { directoryPath, getDirectory, resolveDestination, type DirectoryRow } from '../store/directories.js';
import { getSchemaForExtraction } from '../store/schemas.js';
import { queryFiles, storagePathOf, toFileRecord } from '../store/files.js';
import { queueUploadBytes } from '../store/processingRuns.js';
import { getUploadRow, insertUpload, isZipUpload, timeOrderedUuid, uploadByObjectId, uploadStatus, type NewUpload } from '../store/uploads.js';

/** The effective callback address (spec 4.10, 6): the request's, else the key's default. */
function effectiveCallback(app: FastifyInstance, requested: string | undefined, auth: AuthContext) {
  if (requested === undefined) {
    return auth.callbackUrl ? { url: auth.callbackUrl, source: 'api_key' as const } : { url: null, source: null };
  }
  checkCallbackAddress(requested, callbackPolicy(app.serviceOptions));
  return { url: requested, source: 'user' as const };
}

/**
 * A ticket is replayed (same Idempotency-Key) only while its address works (issue 18): until
 * shortly before the address expires, leaving time to use it, and only while the service is
 * reached at the base address the ticket names (the embedded service may come back on another
 * port). After that the same key gets a fresh ticket.
 */
function ticketReplay(app: FastifyInstance, issuedAt: number): ReplayLimit {
  const ttlMs = app.serviceOptions.uploadUrlTtlSeconds * 1000;
  return { validUntil: issuedAt + ttlMs - Math.min(60_000, ttlMs / 2), baseUrl: app.baseUrl() };
}

/** What a ticket's row is made from, checked before the write. */
interface TicketInput {
  body: z.output<typeof UploadBody>;
  auth: AuthContext;
  callback: { url: string | null; source: 'user' | 'api_key' | null };
  /** The directory named by directoryId, where destinationPath starts. */
  start: DirectoryRow | undefined;
  objectId: string;
  now: string;
}

/** The upload's row (with the folders of destinationPath): inside the batch's transaction. */
function insertTicket(app: FastifyInstance, input: TicketInput): NewUpload {
  const { body, auth, callback, start, objectId, now } = input;
  const target = body.destinationPath ? resolveDestination(app.db, auth, app.serviceOptions.maxDirectoryDepth, body.destinationPath, start) : start;
  const upload: NewUpload = {
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
    destination_path: target ? directoryPath(app.db, auth.workspaceId, target.id) : '',
    is_ephemeral: body.isEphemeral ? 1 : 0,
    page_count: body.pageCount ?? null,
    api_request_id: body.apiRequestId ?? null,
    retain_zip_name: body.retainOriginalZipFileName && isZipUpload({ file_type: body.fileType, file_name: body.fileName }) ? 1 : 0,
    created_at: now,
  };
  insertUpload(app.db, upload);
  return upload;
}

function createTicket(app: FastifyInstance, body: z.output<typeof UploadBody>, auth: AuthContext): UploadTicket {
  const callback = effectiveCallback(app, body.callbackURL, auth);
  if (body.schemaId !== undefined && !getSchemaForExtraction(app.db, auth.workspaceId, body.schemaId)) {
    throw validationFailed('Invalid schemaId.', [{ code: 'NOT_FOUND', detail: 'No such schema in this workspace.', pointer: '/schemaId' }]);
  }
  let start: DirectoryRow | undefined;
  if (body.directoryId !== undefined) {
    start = getDirectory(app.db, auth.workspaceId, body.directoryId);
    if (!start) {
      throw validationFailed('Invalid directoryId.', [{ code: 'NOT_FOUND', detail: 'No such directory in this workspace.', pointer: '/directoryId' }]);
    }
  }
  const objectId = timeOrderedUuid();
  const input: TicketInput = { body, auth, callback, start, objectId, now: isoTime(app.serviceOptions.now()) };
  // Made before the row is written, so nothing after the write can throw.
  const storagePath = storagePathOf(auth.workspaceId, objectId);
  const presignedUploadURL = signUrl(app.baseUrl(), app.urlSecret, 'upload', objectId, app.serviceOptions.uploadUrlTtlSeconds, app.serviceOptions.now());
  // Without destinationPath the row is one INSERT; with it, folders and the upload are created
  // together or not at all (a savepoint inside the caller's batch). Either way the write undoes
  // itself when it throws, which lets the batch skip its own savepoint (`atomic`).
  const row = body.destinationPath ? app.db.transaction(insertTicket)(app, input) : insertTicket(app, input);
  return {
    storagePath,
    presignedUploadURL,
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

async function receiveBytes(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const { objectId } = request.params as { objectId: string };
  if (!verifySignedUrl(app.urlSecret, 'upload', objectId, request.query as Record<string, unknown>, app.serviceOptions.now())) {
    throw forbidden('The upload address is invalid or has expired: request a new upload ticket.');
  }
  const upload = uploadByObjectId(app.db, objectId);
  if (!upload) throw notFound('No such upload.');
  const max = app.serviceOptions.maxUploadBytes;
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
    blob = await putBlob(app.db, app.serviceOptions.dataDir, source, max);
  } catch (error) {
    request.raw.unpipe(source);
    request.raw.resume();
    if (error instanceof BlobTooLarge) throw new ServiceProblem(413, error.message, { headers: { connection: 'close' } });
    throw error;
  }
  queueUploadBytes(app.db, upload, blob, new Date(app.serviceOptions.now()).toISOString());
  app.processingQueue.kick(upload.id);
  reply.code(200).header('etag', `"${blob.sha256}"`).send();
}

/** The presigned PUT: no API key (the signature is the credential), any content type, streamed. */
function registerBlobUpload(app: FastifyInstance): void {
  app.register(async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    // Leave the body unread: the handler streams it into the blob store.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.put('/blob/upload/:objectId', (request, reply) => receiveBytes(app, request, reply));
  });
}

const ATOMIC = { atomic: true } as const;

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  registerBlobUpload(app);

  // Tickets are the service's hottest write: their inserts share commits (see writeBatch.ts).
  app.operation(uploadFile, ({ body, auth }) => {
    const issuedAt = app.serviceOptions.now();
    // The answer is made inside the write: one promise, settled once the batch commits. The
    // ticket's write is atomic on its own (createTicket): no savepoint of the batch around it.
    return batchedWrite(app.db, () => new Reply(uploadFile.status, createTicket(app, body, auth), {}, ticketReplay(app, issuedAt)), ATOMIC);
  }, {
    compiledSerializer: true,
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

  app.operation(getUpload, ({ params, auth }) => {
    const upload = getUploadRow(app.db, auth.workspaceId, params.uploadId);
    if (!upload) throw notFound('No such upload.');
    const status = uploadStatus(app.db, upload);
    const partial = isZipUpload(upload) && upload.status === 'completed' && status.files.some((f) => f.status === 'failed');
    return partial ? new Reply(207, status) : status;
  });

  app.operation(listFiles, ({ query, auth }) => {
    const { rows, count } = queryFiles(app.db, auth.workspaceId, query);
    return { files: rows.map(toFileRecord), count, currentPage: query.page };
  });
}

// Previews (spec 4.11, decisions 23): presigned GET addresses of stored files and uploads, and the
// raw route that serves the bytes to whoever holds a valid address (no API key).
import fs from 'node:fs';
import { createPreview, createPreviewBatch, STORAGE_PATH_PATTERN } from '../../contract/files.js';
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../errors.js';
import { signUrl, verifySignedUrl } from '../signing.js';
import { blobPath } from '../store/blobs.js';
import { findObject, findWorkspaceObject } from '../store/fileObjects.js';

type Signed = { signedUrl: string } | { error: { code: string; detail: string } };

const NOT_FOUND_DETAIL = 'No stored file at this storagePath.';

/**
 * The stored media type as a Content-Type header. Tickets refuse control characters now; a row
 * stored before that (CR/LF in `fileType`) made Node throw while setting the header: a 500.
 */
function headerSafeMediaType(mediaType: string): string {
  return mediaType && /^[\t\x20-\x7e]+$/.test(mediaType) ? mediaType : 'application/octet-stream';
}

export function registerPreview(app: FastifyInstance): void {
  /** Sign one path of the caller's workspace; anything else is unknown (404), never another workspace's. */
  const sign = (workspaceId: string, storagePath: string): Signed => {
    const match = STORAGE_PATH_PATTERN.exec(storagePath);
    if (!match) return { error: { code: 'INVALID_STORAGE_PATH', detail: 'Must be <scheme>://<bucket>/<object_id>.' } };
    const [, scheme, bucket, objectId] = match as unknown as [string, string, string, string];
    const object = scheme === 'local' && bucket === workspaceId ? findWorkspaceObject(app.db, workspaceId, objectId) : undefined;
    if (!object) return { error: { code: 'NOT_FOUND', detail: NOT_FOUND_DETAIL } };
    const ttl = app.serviceOptions.previewTtlSeconds;
    return { signedUrl: signUrl(app.baseUrl(), app.urlSecret, 'preview', object.objectId, ttl, app.serviceOptions.now()) };
  };

  app.operation(
    createPreview,
    ({ body, auth }) => {
      const signed = sign(auth.workspaceId, body.storagePath);
      if ('error' in signed) throw notFound(signed.error.detail);
      return signed;
    },
    { invalidDetails: { '/storagePath': 'Invalid storagePath.' } },
  );

  app.operation(createPreviewBatch, ({ body, auth }) => ({
    results: body.storagePaths.map((storagePath) => ({ storagePath, ...sign(auth.workspaceId, storagePath) })),
  }));

  app.get<{ Params: { objectId: string }; Querystring: { expires?: string; sig?: string } }>(
    '/blob/preview/:objectId',
    async (request, reply) => {
      const { objectId } = request.params;
      if (!verifySignedUrl(app.urlSecret, 'preview', objectId, request.query, app.serviceOptions.now())) {
        throw forbidden('The preview address is invalid or has expired; request a new one.');
      }
      const object = findObject(app.db, objectId);
      const file = object && blobPath(app.serviceOptions.dataDir, object.sha256);
      const stat = file && fs.statSync(file, { throwIfNoEntry: false });
      if (!object || !file || !stat) throw notFound('The previewed file no longer exists.');
      reply
        .header('content-type', headerSafeMediaType(object.mediaType))
        .header('content-length', String(stat.size))
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(object.fileName)}`)
        .header('cache-control', 'private, no-store')
        // Uploaded bytes are untrusted: never let a browser run them in the service's origin.
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', 'sandbox');
      return reply.send(fs.createReadStream(file));
    },
  );
}

// Puts a processed file straight into a running local service's SQLite (upload + blob + file +
// form_values + pages), for tests of the files routes that should not depend on the pipeline.
import { randomUUID } from 'node:crypto';
import { putBlobBytes } from '../../../src/service/store/blobs.js';
import { renderEntries, shownFields } from '../../../src/service/store/fileValues.js';
import type { CreatedKey } from '../../../src/service/store/tenancy.js';
import { spelled } from '../../../src/service/store/sql.js';
import type { TestService } from '../../../src/service/testing.js';

export interface StoredFieldInput {
  title: string;
  type: string;
  value: unknown;
  description?: string;
  hidden?: boolean;
}

export interface FileRowsInput {
  key?: CreatedKey;
  fileName?: string;
  fileType?: string;
  bytes?: Buffer;
  status?: 'uploaded' | 'processing' | 'processed' | 'failed';
  /** One form_values row per element; defaults to one entry with two fields. */
  entries?: Array<{ schemaName?: string; fields: StoredFieldInput[]; createdAt?: string; updatedAt?: string }>;
  apiRequestId?: string;
}

export interface InsertedFile {
  fileId: string;
  uploadId: string;
  objectId: string;
  storagePath: string;
  sha256: string;
  valueIds: string[];
  documentId: string;
}

export const defaultFields = (): StoredFieldInput[] => [
  { title: 'Invoice Number', type: 'string', value: 'INV-1' },
  { title: 'Total', type: 'number', value: 12.5 },
];

export function insertFile(svc: TestService, input: FileRowsInput = {}): InsertedFile {
  const db = svc.service.db;
  const key = input.key ?? svc.key;
  const bytes = input.bytes ?? Buffer.from(`hello ${randomUUID()}\n`);
  const { sha256, size } = putBlobBytes(db, svc.dataDir, bytes);
  const now = new Date().toISOString();
  const uploadId = randomUUID();
  const fileId = randomUUID();
  const objectId = randomUUID();
  const documentId = randomUUID();
  const fileName = input.fileName ?? 'invoice.txt';
  const fileType = input.fileType ?? 'text/plain';
  db.prepare(
    `INSERT INTO uploads (id, workspace_id, key_id, user_id, object_id, file_name, file_type, ocr_model, api_request_id,
       blob_sha256, size, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'Unified', ?, ?, ?, 'completed', ?, ?)`,
  ).run(uploadId, key.workspaceId, key.keyId, key.userId, randomUUID(), fileName, fileType, input.apiRequestId ?? null, sha256, size, now, now);
  db.prepare(
    `INSERT INTO files (id, upload_id, workspace_id, user_id, file_name, file_type, file_size, blob_sha256, object_id, status,
       document_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(fileId, uploadId, key.workspaceId, key.userId, fileName, fileType, size, sha256, objectId, input.status ?? 'processed', documentId, now, now);
  const entries = input.entries ?? [{ fields: defaultFields() }];
  const valueIds = entries.map((entry) => {
    const id = randomUUID();
    const fields = entry.fields.map((f) => ({ description: '', hidden: false, confidence: 0.5, ...f }));
    const { shown, capped } = shownFields(fields);
    db.prepare(
      `INSERT INTO form_values (id, file_id, workspace_id, schema_id, schema_name, schema_relationship_id, document_id, fields,
         shown_fields, shown_fields_capped, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ${spelled(db, { sqlite: 'jsonb(?), jsonb(?)', postgres: '?, ?' })}, ?, ?)`,
    ).run(id, fileId, key.workspaceId, randomUUID(), entry.schemaName ?? 'Invoice', randomUUID(), documentId, JSON.stringify(fields), shown, capped, entry.createdAt ?? now, entry.updatedAt ?? now);
    return id;
  });
  renderEntries(db, 'upload', uploadId);
  db.prepare('INSERT INTO document_pages (document_id, file_id, workspace_id, page, source, text) VALUES (?, ?, ?, 1, ?, ?)').run(
    documentId,
    fileId,
    key.workspaceId,
    'text',
    bytes.toString('utf8'),
  );
  return { fileId, uploadId, objectId, storagePath: `local://${key.workspaceId}/${objectId}`, sha256, valueIds, documentId };
}

import fs from 'node:fs';
import path from 'node:path';
import { FormData } from 'undici';
import type { Body, Query } from '../contract/operation.js';
import { askAgent, createAgentSession, deleteAgentSession, getAgentJob, getAgentSession, listAgentSessions, stopAgentSession } from '../contract/agent.js';
import { createDirectory } from '../contract/directories.js';
import { exportSchemas, getSchema, importSchemas, listSchemas, patchSchemas, updateFileSchema } from '../contract/fileSchemas.js';
import {
  approveFileType,
  createFileType,
  deleteFileTypes,
  getFileType,
  listFileTypes,
  lockFileType,
  unlockFileType,
} from '../contract/fileTypes.js';
import { createPreview, createPreviewBatch, deleteFiles, getFileValues, updateFileValues, type FormValueEntry } from '../contract/files.js';
import { getUpload, listFiles, uploadFile, type FileRecord, type UploadRequest, type UploadTicket } from '../contract/uploads.js';
import { ClientCore, type CallOptions } from './core.js';
import { eachItem, nestValues, paginate, type Page } from './paging.js';
import { uploadWithTicket, type UploadOptions, type UploadSource } from './upload.js';

type ValuesQuery = Omit<NonNullable<Query<typeof getFileValues>>, 'page' | 'cursor'>;
/** `fileIds` may be given as an array; it is sent comma-separated (decisions 3). */
export type ListFilesQuery = Omit<NonNullable<Query<typeof listFiles>>, 'fileIds'> & { fileIds?: string | string[] };
type FilesQuery = Omit<ListFilesQuery, 'page'>;

/**
 * The typed client of the document service: one thin method per operation over `call`,
 * plus uploads and page iterators. See `ClientCore` for transport, retries and idempotency.
 */
export class ServiceClient extends ClientCore {
  // Directories (spec 4.2)
  createDirectory = (body: Body<typeof createDirectory>, o?: CallOptions) => this.call(createDirectory, { ...o, body });

  // Uploads and files (spec 4.10-4.12, 4.14; decisions 2, 3, 19, 23)
  /** Only the ticket; `uploadFile` also sends the bytes. */
  requestUpload = (body: UploadRequest, o?: CallOptions) => this.call(uploadFile, { ...o, body });
  getUpload = (uploadId: string, o?: CallOptions) => this.call(getUpload, { ...o, params: { uploadId } });
  listFiles = (query: ListFilesQuery = {}, o?: CallOptions) =>
    this.call(listFiles, { ...o, query: query as Query<typeof listFiles> });
  /** Top-level `formValues` is accepted too (decisions 4). */
  getFileValues = (fileId: string, query?: Query<typeof getFileValues>, o?: CallOptions) =>
    this.call(getFileValues, { ...o, params: { fileId }, query, normalize: nestValues });
  updateFileValues = (fileId: string, body: Body<typeof updateFileValues>, o?: CallOptions) =>
    this.call(updateFileValues, { ...o, params: { fileId }, body });
  createPreview = (storagePath: string, o?: CallOptions) => this.call(createPreview, { ...o, body: { storagePath } });
  createPreviewBatch = (storagePaths: string[], o?: CallOptions) => this.call(createPreviewBatch, { ...o, body: { storagePaths } });
  /** An array of UUIDs or one comma-separated string (decisions 19). */
  deleteFiles = (fileIds: string[] | string, o?: CallOptions) => this.call(deleteFiles, { ...o, body: { fileIds } });

  // File types (spec 4.6, 4.7; decisions 21)
  createFileType = (body: Body<typeof createFileType>, o?: CallOptions) => this.call(createFileType, { ...o, body });
  listFileTypes = (o?: CallOptions) => this.call(listFileTypes, { ...o });
  getFileType = (blueprintId: string, o?: CallOptions) => this.call(getFileType, { ...o, params: { blueprintId } });
  deleteFileTypes = (blueprintIds: string[], o?: CallOptions) => this.call(deleteFileTypes, { ...o, body: { blueprintIds } });
  approveFileType = (body: Body<typeof approveFileType>, o?: CallOptions) => this.call(approveFileType, { ...o, body });
  lockFileType = (blueprintId: string, o?: CallOptions) => this.call(lockFileType, { ...o, params: { blueprintId } });
  unlockFileType = (blueprintId: string, o?: CallOptions) => this.call(unlockFileType, { ...o, params: { blueprintId } });

  // Schemas (spec 4.8, 4.9, 4.13; decisions 22, 23)
  listSchemas = (query?: Query<typeof listSchemas>, o?: CallOptions) => this.call(listSchemas, { ...o, query });
  getSchema = (schemaId: string, o?: CallOptions) => this.call(getSchema, { ...o, params: { schemaId } });
  /** Deprecated by the service (spec 4.8). */
  patchSchemas = (body: Body<typeof patchSchemas>, o?: CallOptions) => this.call(patchSchemas, { ...o, body });
  updateFileSchema = (fileId: string, body: Body<typeof updateFileSchema>, o?: CallOptions) =>
    this.call(updateFileSchema, { ...o, params: { fileId }, body });
  /** The exported zip's bytes. */
  exportSchemas = async (blueprintIds?: string[], o?: CallOptions): Promise<Buffer> =>
    (await this.call(exportSchemas, { ...o, query: { blueprintIds: blueprintIds?.join(',') } })) as Buffer;

  // Agent (spec 4.3-4.5; decisions 9-11)
  createAgentSession = (body: Body<typeof createAgentSession> = {}, o?: CallOptions) => this.call(createAgentSession, { ...o, body });
  listAgentSessions = (o?: CallOptions) => this.call(listAgentSessions, { ...o });
  getAgentSession = (sessionId: string, o?: CallOptions) => this.call(getAgentSession, { ...o, params: { session_id: sessionId } });
  /** Always sends an Idempotency-Key (required). */
  askAgent = (sessionId: string, body: Body<typeof askAgent>, o?: CallOptions) =>
    this.call(askAgent, { ...o, params: { session_id: sessionId }, body });
  /** Always sends an Idempotency-Key (required). */
  stopAgentSession = (sessionId: string, o?: CallOptions) => this.call(stopAgentSession, { ...o, params: { session_id: sessionId } });
  deleteAgentSession = (sessionId: string, o?: CallOptions) =>
    this.call(deleteAgentSession, { ...o, params: { session_id: sessionId } });
  getAgentJob = (jobId: string, o?: CallOptions) => this.call(getAgentJob, { ...o, params: { job_id: jobId } });

  /** POST /prod/v1/files/schema/import with the zip as the multipart part `file`. */
  async importSchemas(zip: Buffer | string, o?: CallOptions) {
    const bytes = typeof zip === 'string' ? await fs.promises.readFile(zip) : zip;
    const name = typeof zip === 'string' ? path.basename(zip) : 'schemas.zip';
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), name);
    return this.call(importSchemas, { ...o, body: form });
  }

  /**
   * Request a ticket, then stream the bytes to its presigned address (see `uploadWithTicket`:
   * a new ticket once on 403; a stream source is never replayed, only its ticket request is
   * retried). Each ticket request is its own logical call with its own Idempotency-Key, so a
   * renewal gets a fresh address rather than a replay of the expired one.
   */
  uploadFile(source: UploadSource, request: UploadRequest, options: UploadOptions & Omit<CallOptions, 'signal'> = {}): Promise<UploadTicket> {
    const { size, timeoutMs, signal, ...call } = options;
    return uploadWithTicket(this, source, request.fileType, () => this.requestUpload(request, { ...call, signal }), { size, timeoutMs, signal });
  }

  /** Every page of a file's values, from page 1. */
  fileValuePages(fileId: string, query: ValuesQuery = {}, o?: CallOptions): AsyncGenerator<Page<FormValueEntry>> {
    return paginate(async (page) => {
      const { values } = await this.getFileValues(fileId, { ...query, page }, o);
      return { items: values.formValues, count: values.count, currentPage: values.currentPage };
    }, Number(query.limit ?? 100));
  }

  /** Every `formValues` entry of a file, across pages. */
  fileValues(fileId: string, query: ValuesQuery = {}, o?: CallOptions): AsyncGenerator<FormValueEntry> {
    return eachItem(this.fileValuePages(fileId, query, o));
  }

  /** Every page of the workspace's files list, from page 1. */
  filePages(query: FilesQuery = {}, o?: CallOptions): AsyncGenerator<Page<FileRecord>> {
    return paginate(async (page) => {
      const answer = await this.listFiles({ ...query, page }, o);
      return { items: answer.files, count: answer.count, currentPage: answer.currentPage };
    }, Number(query.limit ?? 100));
  }

  /** Every file of the workspace matching `query`, across pages. */
  files(query: FilesQuery = {}, o?: CallOptions): AsyncGenerator<FileRecord> {
    return eachItem(this.filePages(query, o));
  }
}

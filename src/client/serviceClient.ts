import type { Body, Query } from '../contract/operation.js';
import { createDirectory } from '../contract/directories.js';
import {
  createPreview,
  createPreviewBatch,
  deleteFiles,
  getFileValues,
  updateFileValues,
  type FormValueEntry,
} from '../contract/files.js';
import { ClientCore, type CallOptions } from './core.js';
import { eachItem, nestValues, paginate, type Page } from './paging.js';

type ValuesQuery = Omit<NonNullable<Query<typeof getFileValues>>, 'page' | 'cursor'>;

/**
 * The typed client of the document service: one thin method per operation over `call`,
 * plus uploads and page iterators. See `ClientCore` for transport, retries and idempotency.
 */
export class ServiceClient extends ClientCore {
  /** POST /prod/v1/directories (spec 4.2). */
  createDirectory(body: Body<typeof createDirectory>, options?: CallOptions) {
    return this.call(createDirectory, { ...options, body });
  }

  /** GET /prod/v1/files/{fileId}/values (spec 4.14); top-level `formValues` is accepted too (decisions 4). */
  getFileValues(fileId: string, query?: Query<typeof getFileValues>, options?: CallOptions) {
    return this.call(getFileValues, { ...options, params: { fileId }, query, normalize: nestValues });
  }

  /** PATCH /prod/v1/files/{fileId}/values (decisions 23). */
  updateFileValues(fileId: string, body: Body<typeof updateFileValues>, options?: CallOptions) {
    return this.call(updateFileValues, { ...options, params: { fileId }, body });
  }

  /** POST /prod/v1/files/preview (spec 4.11). */
  createPreview(storagePath: string, options?: CallOptions) {
    return this.call(createPreview, { ...options, body: { storagePath } });
  }

  /** POST /prod/v1/files/preview/batch (decisions 23). */
  createPreviewBatch(storagePaths: string[], options?: CallOptions) {
    return this.call(createPreviewBatch, { ...options, body: { storagePaths } });
  }

  /** DELETE /prod/v1/files (spec 4.12): an array of UUIDs or one comma-separated string (decisions 19). */
  deleteFiles(fileIds: string[] | string, options?: CallOptions) {
    return this.call(deleteFiles, { ...options, body: { fileIds } });
  }

  /** Every page of a file's values, from page 1. */
  fileValuePages(fileId: string, query: ValuesQuery = {}, options?: CallOptions): AsyncGenerator<Page<FormValueEntry>> {
    const limit = Number(query.limit ?? 100);
    return paginate(async (page) => {
      const { values } = await this.getFileValues(fileId, { ...query, page }, options);
      return { items: values.formValues, count: values.count, currentPage: values.currentPage };
    }, limit);
  }

  /** Every `formValues` entry of a file, across pages. */
  fileValues(fileId: string, query: ValuesQuery = {}, options?: CallOptions): AsyncGenerator<FormValueEntry> {
    return eachItem(this.fileValuePages(fileId, query, options));
  }
}

import fs from 'node:fs';
import { ServiceClient, ServiceError, uploadWithTicket, type KeptBytes, type ServiceClientOptions } from '../client/index.js';
import { getUpload, listFiles, uploadFile, type FileRecord } from '../contract/uploads.js';
import { getFilePages, updateFileValues } from '../contract/files.js';
import { finishClaim, releaseClaim, takeClaim, type Claim } from '../contract/claims.js';
import type { FormValuesEntry } from './export/index.js';
import { isTransientStatus, RemoteError, type PageWords, type Remote, type TicketRequest, type UploadProgress } from './remote.js';

/** The Remote port over the typed client. Single calls retry inside the client; the upload pump retries whole steps. */
export class ClientRemote implements Remote {
  readonly client: ServiceClient;
  /** Whether GET /uploads/{id} exists (an extension: older servers answer 404 for every id). */
  private uploadsExtension: boolean | null = null;

  /** Set when the service runs in this process and tells when processing ends (see Remote). */
  readonly onSettled?: (listener: (uploadId: string) => void) => () => void;

  constructor(options: ServiceClientOptions, local?: { onSettled(listener: (uploadId: string) => void): () => void }) {
    this.client = new ServiceClient({ retry: { maxAttempts: 3, maxDelayMs: 2000 }, ...options });
    if (local) this.onSettled = (listener) => local.onSettled(listener);
  }

  async upload(absPath: string, t: TicketRequest, ticketKey: (n: number) => string, onTicket: (uploadId: string) => void | Promise<void>, kept?: KeptBytes) {
    let n = 0;
    const body = {
      fileName: t.fileName, fileType: t.fileType, isSplit: t.isSplit, isEphemeral: t.isEphemeral,
      ...(t.destinationPath ? { destinationPath: t.destinationPath } : {}),
      ...(t.directoryId ? { directoryId: t.directoryId } : {}),
      ...(t.ocrModel ? { ocrModel: t.ocrModel } : {}),
      ...(t.schemaId ? { schemaId: t.schemaId } : {}),
    };
    // A stalled PUT must not hold a queue slot for the client's default 15 minutes:
    // one minute plus time for the bytes at a slow 256 KB/s, then a retry (same key, same upload).
    const size = (await fs.promises.stat(absPath)).size;
    const timeoutMs = 60_000 + Math.ceil(size / 256);
    return guard(async () => {
      let sha256 = '';
      const ticket = await uploadWithTicket(this.client, absPath, t.fileType, async () => {
        const tk = await this.client.call(uploadFile, { body, idempotencyKey: ticketKey(n++) });
        await onTicket(tk.uploadId);
        return tk;
      }, { timeoutMs, onSent: (sha) => (sha256 = sha), kept });
      return { uploadId: ticket.uploadId, sha256 };
    });
  }

  async progress(uploadId: string): Promise<UploadProgress> {
    return guard(async () => {
      if (this.uploadsExtension !== false) {
        try {
          const s = await this.client.call(getUpload, { params: { uploadId } });
          this.uploadsExtension = true;
          // The service records `file_uploaded` when the PUT lands; before that no step exists.
          const received = s.files.length > 0 || s.statuses.length > 0;
          return {
            status: s.status, received, fileIds: s.files.map((f) => f.fileId), errorReason: s.errorReason ?? undefined, sha256: soleHash(s.files),
            ...pagesOf(s.files),
          };
        } catch (err) {
          // A server without the extension answers 404 (or 405) for the route itself.
          if (!(err instanceof ServiceError) || ![404, 405].includes(err.status) || this.uploadsExtension === true) throw err;
          this.uploadsExtension = false;
        }
      }
      return this.progressFromFiles(uploadId);
    });
  }

  /** Fallback: the files list filtered by upload id (decisions 3). */
  private async progressFromFiles(uploadId: string): Promise<UploadProgress> {
    const { files } = await this.client.call(listFiles, { query: { uploadId, limit: 100 } });
    if (files.length === 0) return { status: 'waiting', received: false, fileIds: [] };
    const done = files.every((f) => f.status === 'processed' || f.status === 'failed');
    const failed = files.every((f) => f.status === 'failed');
    return {
      status: !done ? 'waiting' : failed ? 'failed' : 'completed',
      received: true,
      fileIds: files.filter((f) => f.status !== 'failed').map((f) => f.fileId),
      errorReason: failed ? files[0]!.errorReason ?? undefined : undefined,
      sha256: soleHash(files),
      ...pagesOf(files),
    };
  }

  async values(fileId: string): Promise<FormValuesEntry[]> {
    return guard(async () => {
      const out: FormValuesEntry[] = [];
      for await (const entry of this.client.fileValues(fileId, { includeFullTableData: true })) out.push(entry as FormValuesEntry);
      return out;
    });
  }

  async updateValues(fileId: string, schemaValueId: string, fields: Array<{ title: string; value: unknown }>, idempotencyKey: string): Promise<FormValuesEntry> {
    return guard(async () => {
      const answer = await this.client.call(updateFileValues, { params: { fileId }, body: { schemaValueId, fields }, idempotencyKey });
      return answer.formValue as FormValuesEntry;
    });
  }

  async pageWords(fileId: string): Promise<PageWords[]> {
    try {
      return await guard(async () => (await this.client.call(getFilePages, { params: { fileId } })).pages);
    } catch (err) {
      // A service without the extension: no words to click, the review works by typing.
      // A file the service no longer has shows no words either.
      if (err instanceof RemoteError && /^HTTP_40[45]_/.test(err.code)) return [];
      throw err;
    }
  }

  async deleteFiles(fileIds: string[]): Promise<void> {
    if (fileIds.length === 0) return;
    await guard(() => this.client.deleteFiles(fileIds));
  }

  async takeClaim(c: { scope: string; key: string; holder: string; leaseMs: number; path?: string; uploadId?: string }): Promise<{ granted: boolean; claim: Claim } | null> {
    return guard(async () => {
      try {
        return await this.client.call(takeClaim, { body: c });
      } catch (err) {
        // A service without claims (not ours) answers 404 (or 405) for the route itself.
        if (err instanceof ServiceError && [404, 405].includes(err.status)) return null;
        throw err;
      }
    });
  }

  async finishClaim(c: { scope: string; key: string; holder: string; status: 'exported' | 'failed'; result: { uploadId?: string; fileIds?: string[]; reason?: string } }): Promise<Claim | null> {
    return guard(async () => {
      try {
        return (await this.client.call(finishClaim, { body: c })).claim;
      } catch (err) {
        if (err instanceof ServiceError && err.status === 409) return null;
        throw err;
      }
    });
  }

  async releaseClaim(c: { scope: string; key: string; holder: string }): Promise<void> {
    await guard(() => this.client.call(releaseClaim, { body: c }));
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

/** Client errors become RemoteErrors: stable code, transient or not, problem details kept. */
async function guard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    throw new RemoteError({
      code: err.status === 0 ? err.code : `HTTP_${err.status}_${err.code}`,
      message: err.detail || err.message,
      transient: isTransientStatus(err.status) || err.retryable,
      retryAfter: err.retryAfter,
      problem: err.status === 0 ? undefined : {
        status: err.status, code: err.code, title: err.title, detail: err.detail, requestId: err.requestId, errors: err.errors, type: err.type,
      },
    });
  }
}

/** The bytes' hash when the upload made one file (a split upload's parts have their own). */
const soleHash = (files: Array<{ fileHash: string }>): string | undefined => (files.length === 1 ? files[0]!.fileHash || undefined : undefined);

/** The pages read of the file being processed, when the service reports them (the progress extension). */
function pagesOf(files: FileRecord[]): Pick<UploadProgress, 'pages'> {
  const p = files.find((f) => f.status === 'processing' && f.progress)?.progress;
  return p ? { pages: { done: p.pagesDone, total: p.pagesTotal } } : {};
}

// A working in-memory service for the daemon's upload pump (a fake with the service's semantics,
// not a mock): ticket requests are idempotent by key, an upload goes ticketed -> received ->
// completed | failed, unknown ids answer 404, and faults are injected per operation as the
// RemoteErrors the real client raises (src/sync/clientRemote.ts). The real-HTTP tests
// (test/integration/sync) keep checking the real client against the real service.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { FormValuesEntry } from '../../src/sync/export/index.js';
import { RemoteError, type PageWords, type Remote, type RemoteFailure, type TicketRequest, type UploadProgress } from '../../src/sync/remote.js';

/** `answer`: the PUT's answer is lost after the service took the bytes (a reset, a timeout). */
export type Operation = 'ticket' | 'put' | 'answer' | 'progress' | 'values' | 'delete';

interface Upload {
  id: string;
  key: string;
  ticket: TicketRequest;
  state: 'ticketed' | 'received' | 'completed' | 'failed';
  sha256?: string;
  fileIds: string[];
}

/** What processing makes of received bytes: a result now, or still waiting. */
export type Processing = (upload: { fileName: string; bytes: Buffer }) => 'completed' | 'failed' | 'waiting';

export class MemoryRemote implements Remote {
  readonly uploads = new Map<string, Upload>();
  /** Every call, in order: `ticket <fileName>`, `put <fileName>`, `progress <fileName>`, `values <fileId>`. */
  readonly calls: string[] = [];
  private readonly byKey = new Map<string, Upload>();
  private readonly files = new Map<string, { fileName: string; bytes: Buffer }>();
  private readonly faults: Array<{ op: Operation; failure: RemoteFailure; left: number }> = [];

  constructor(private processing: Processing = () => 'completed') {}

  /** The next `times` calls of `op` fail with `failure` (in the order injected). */
  fail(op: Operation, failure: RemoteFailure, times = 1): void {
    this.faults.push({ op, failure, left: times });
  }

  /** From now on processing answers this way (the uploads still waiting included). */
  processWith(processing: Processing): void {
    this.processing = processing;
  }

  /** Uploads that hold bytes (what the service would count). */
  received(): Upload[] {
    return [...this.uploads.values()].filter((u) => u.state !== 'ticketed');
  }

  private fault(op: Operation): void {
    const f = this.faults.find((x) => x.op === op && x.left > 0);
    if (!f) return;
    f.left -= 1;
    throw new RemoteError(f.failure);
  }

  async upload(absPath: string, ticket: TicketRequest, ticketKey: (n: number) => string, onTicket: (uploadId: string) => void | Promise<void>) {
    this.calls.push(`ticket ${ticket.fileName}`);
    this.fault('ticket');
    const key = ticketKey(0);
    let upload = this.byKey.get(key);
    if (upload && upload.ticket.fileName !== ticket.fileName) {
      throw new RemoteError({ code: 'HTTP_422_IDEMPOTENCY_KEY_REUSED', message: 'the key was used for another request', transient: false });
    }
    if (!upload) {
      upload = { id: randomUUID(), key, ticket, state: 'ticketed', fileIds: [] };
      this.byKey.set(key, upload);
      this.uploads.set(upload.id, upload);
    }
    await onTicket(upload.id);
    const bytes = await fs.promises.readFile(absPath); // ENOENT as the real client's read raises it
    this.calls.push(`put ${ticket.fileName}`);
    this.fault('put');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (upload.state === 'ticketed') {
      upload.state = 'received';
      upload.sha256 = sha256;
      const fileId = randomUUID();
      this.files.set(fileId, { fileName: ticket.fileName, bytes });
      upload.fileIds = [fileId];
    }
    this.fault('answer');
    return { uploadId: upload.id, sha256 };
  }

  async progress(uploadId: string): Promise<UploadProgress> {
    const upload = this.uploads.get(uploadId);
    this.calls.push(`progress ${upload?.ticket.fileName ?? uploadId}`);
    this.fault('progress');
    if (!upload) throw new RemoteError({ code: 'HTTP_404_NOT_FOUND', message: 'no such upload', transient: false });
    if (upload.state === 'received') {
      const file = this.files.get(upload.fileIds[0]!)!;
      const outcome = this.processing(file);
      if (outcome !== 'waiting') upload.state = outcome;
    }
    const status = upload.state === 'completed' || upload.state === 'failed' ? upload.state : 'waiting';
    return {
      status, received: upload.state !== 'ticketed', fileIds: upload.state === 'completed' ? upload.fileIds : [],
      ...(status === 'failed' ? { errorReason: 'the document could not be read' } : {}), sha256: upload.sha256,
    };
  }

  async values(fileId: string): Promise<FormValuesEntry[]> {
    this.calls.push(`values ${fileId}`);
    this.fault('values');
    const file = this.files.get(fileId);
    if (!file) throw new RemoteError({ code: 'HTTP_404_NOT_FOUND', message: 'no such file', transient: false });
    return [{
      fileId, fileName: file.fileName, schemaId: 'invoice', schemaName: 'Invoice', schemaValueId: `${fileId}-v`,
      fields: [{ title: 'Total', type: 'number', value: file.bytes.length, confidence: 1 }],
    } as unknown as FormValuesEntry];
  }

  async deleteFiles(fileIds: string[]): Promise<void> {
    this.fault('delete');
    for (const id of fileIds) this.files.delete(id);
  }

  async updateValues(fileId: string): Promise<FormValuesEntry> {
    return (await this.values(fileId))[0]!;
  }

  async pageWords(): Promise<PageWords[]> {
    return [];
  }

  async close(): Promise<void> {}
}

// The control API's review pages (issue 16): the queue, one file's values beside its page images,
// the words to click, and saving corrections into the daemon's outbox (the daemon sends them).
import fs from 'node:fs';
import { ClientRemote } from '../sync/clientRemote.js';
import type { FormValuesEntry } from '../sync/export/types.js';
import { sidecarsOf, whereNow, type Placed } from '../sync/location.js';
import type { PageWords } from '../sync/remote.js';
import type { FileReview } from '../sync/review/types.js';
import { coerceValue, ValueError } from '../sync/review/coerce.js';
import { ReviewStore, type CorrectionField } from '../sync/state/reviews.js';
import type { Db } from '../sync/state/db.js';
import { FileStore, parseFileIds, type WatchedFileRow } from '../sync/state/files.js';
import type { ReviewSaveBody } from './contract.js';
import { ControlError } from './daemonControl.js';
import { renderPage } from './pageImage.js';
import type { ReviewDetailView, ReviewFieldView } from './views.js';

export class ReviewControl {
  readonly store: ReviewStore;
  private readonly files: FileStore;
  private remote?: ClientRemote;

  constructor(db: Db, private readonly service: { url: string; apiKey: string }) {
    this.store = new ReviewStore(db);
    this.files = new FileStore(db);
  }

  queue(q: { folder?: string; all?: boolean }) {
    const files = this.store.queue(q);
    return { files, count: files.length };
  }

  detail(id: number): ReviewDetailView {
    const row = this.exportedRow(id);
    const sidecar = readSidecar(row);
    const corrections = this.store.corrections(id);
    const outbox = this.store.outbox(id);
    const review = sidecar.review;
    return {
      id, folder: row.folder, relPath: row.rel_path,
      state: this.store.state(id) ?? review?.state ?? 'auto',
      threshold: review?.threshold ?? 0.9,
      reasons: review?.reasons ?? [],
      pendingSaves: outbox.filter((r) => r.status === 'pending').length,
      refused: outbox.filter((r) => r.status === 'failed').map((r) => r.error ?? ''),
      next: this.store.queue({}).find((e) => e.id !== id)?.id ?? null,
      documents: sidecar.documents.map((doc, i) => ({
        fileId: String(doc.fileId ?? ''),
        schemaValueId: String(doc.id ?? ''),
        fileName: String(doc.fileName ?? row.rel_path),
        schemaName: String(doc.schemaName ?? ''),
        fields: (doc.fields ?? []).filter((f) => !f.hidden).map((f): ReviewFieldView => {
          const r = review?.documents[i]?.fields.find((x) => x.title === f.title);
          // A saved correction not yet in the sidecar (the service has not answered yet) shows as saved.
          const pending = corrections.filter((c) => c.fileId === doc.fileId && c.schemaValueId === doc.id && c.title === f.title).pop();
          return {
            title: f.title, type: f.type, value: pending ? pending.value : f.value,
            confidence: r?.confidence ?? (typeof f.confidence === 'number' ? f.confidence : null),
            source: r?.source ?? null,
            flagged: r?.flagged ?? false,
            ...(r?.corrected ? { corrected: r.corrected } : pending ? { corrected: { from: pending.from, at: new Date(pending.at).toISOString() } } : {}),
          };
        }),
      })),
    };
  }

  /** The words of each page of the file's documents (first document's pages). */
  async words(id: number): Promise<PageWords[]> {
    const row = this.exportedRow(id);
    const fileId = parseFileIds(row.file_ids)[0];
    if (!fileId) return [];
    this.remote ??= new ClientRemote({ baseUrl: this.service.url, apiKey: this.service.apiKey, retry: { maxAttempts: 2, maxDelayMs: 500 } });
    return this.remote.pageWords(fileId).catch(() => []);
  }

  async page(id: number, page: number): Promise<{ png: Buffer; pages: number }> {
    const row = this.exportedRow(id);
    return renderPage(whereNow(row), page);
  }

  /**
   * A person's save into the outbox: the values they changed (each with what it replaced) and
   * every other value of each document as confirmed, so the service learns the vendor's layout
   * from what was checked too. Values arrive in the field's type ("1,234.50" for a number).
   */
  save(id: number, body: ReviewSaveBody): { saved: number[]; state: 'checked'; next: number | null } {
    const row = this.exportedRow(id);
    const sidecar = readSidecar(row);
    const standing = this.store.corrections(id);
    for (const d of body.documents) {
      if (!sidecar.documents.some((x) => x.fileId === d.fileId && x.id === d.schemaValueId)) {
        throw new ControlError(422, 'INVALID_INPUT', `No document ${d.fileId} / ${d.schemaValueId} in this file.`);
      }
    }
    const entries = sidecar.documents.map((doc) => {
      const changes = body.documents.find((d) => d.fileId === doc.fileId && d.schemaValueId === doc.id)?.fields ?? [];
      const shownOf = (title: string, value: unknown) =>
        standing.filter((c) => c.fileId === doc.fileId && c.schemaValueId === doc.id && c.title === title).pop()?.value ?? value ?? null;
      const fields: CorrectionField[] = [];
      for (const change of changes) {
        const field = (doc.fields ?? []).find((f) => f.title === change.title);
        if (!field) throw new ControlError(422, 'INVALID_INPUT', `No field "${change.title}".`);
        const value = typed(field.type, change.value, field.title);
        const shown = shownOf(field.title, field.value);
        if (JSON.stringify(shown) !== JSON.stringify(value)) fields.push({ title: field.title, value, from: shown });
      }
      for (const f of doc.fields ?? []) {
        const shown = shownOf(f.title, f.value);
        if (f.hidden || shown === null || typeof shown === 'object' || fields.some((x) => x.title === f.title)) continue;
        fields.push({ title: f.title, value: shown, from: shown, confirmed: true });
      }
      return { fileId: String(doc.fileId ?? ''), schemaValueId: String(doc.id ?? ''), fields };
    });
    const saved = this.store.save(id, parseFileIds(row.file_ids), entries);
    return { saved, state: 'checked', next: this.store.queue({}).find((e) => e.id !== id)?.id ?? null };
  }

  close(): Promise<void> {
    return this.remote?.close() ?? Promise.resolve();
  }

  private exportedRow(id: number): WatchedFileRow {
    const row = this.files.get(id);
    if (!row || row.status !== 'exported') throw new ControlError(404, 'NOT_FOUND', 'No exported file with this id.');
    return row;
  }
}

function typed(type: string, input: unknown, title: string): unknown {
  try {
    return coerceValue(type, input, title);
  } catch (err) {
    if (err instanceof ValueError) throw new ControlError(422, err.code, err.message);
    throw err;
  }
}

function readSidecar(row: Placed): { documents: FormValuesEntry[]; review?: FileReview } {
  try {
    const json = JSON.parse(fs.readFileSync(sidecarsOf(row).json, 'utf8')) as { documents?: FormValuesEntry[]; docsync?: { review?: FileReview } };
    return { documents: json.documents ?? [], review: json.docsync?.review };
  } catch {
    throw new ControlError(404, 'NOT_FOUND', 'The values of this file are not written yet.');
  }
}

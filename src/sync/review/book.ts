// The daemon's side of a review: what the exporters write for a file's delivered values
// (corrections laid over them, the review state), recorded in state.db as it is written.
import type { FormValuesEntry } from '../export/types.js';
import type { Db } from '../state/db.js';
import { assess, withCorrections, type FileReview, type ReviewSettings } from './assess.js';
import { ReviewStore } from '../state/reviews.js';

export class ReviewBook {
  readonly store: ReviewStore;

  constructor(db: Db, private readonly settings: () => ReviewSettings) {
    this.store = new ReviewStore(db);
  }

  /** The documents to write (a person's corrections kept) and their review, stored for the queue. */
  prepare(fileRow: number, delivered: FormValuesEntry[], fileIds: string[], valuesAt: number): { documents: FormValuesEntry[]; review: FileReview } {
    const corrections = this.store.corrections(fileRow).filter((c) => fileIds.includes(c.fileId));
    const documents = withCorrections(delivered, corrections);
    const review = assess(documents, corrections, this.store.confirmedAt(fileRow, fileIds), this.settings());
    this.store.record(fileRow, review, valuesAt);
    return { documents, review };
  }
}

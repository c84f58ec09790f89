// The counts behind the attention state that the status counts do not hold already.
import type { Db } from '../sync/state/db.js';
import { UNREACHABLE_CODES_SQL } from './attention.js';

/** Files waiting because the service cannot be reached. */
export function countUnreachable(db: Db): number {
  return db
    .prepare(`SELECT count(*) FROM files WHERE status IN ('settled', 'uploading', 'processing') AND ${UNREACHABLE_CODES_SQL}`)
    .pluck()
    .get() as number;
}

/**
 * Documents to review, read from the ledger rows' review state (filled by the review step);
 * null while no row carries a review state at all, so "to review" is never claimed as zero
 * by a build that does not record it.
 */
export function countToReview(db: Db): number | null {
  const row = db
    .prepare(`SELECT count(DISTINCT CASE WHEN review_state = 'needs review' AND status != 'deleted' THEN source_path END) AS n,
              count(review_state) AS known FROM ledger_rows`)
    .get() as { n: number; known: number };
  return row.known === 0 ? null : row.n;
}

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

// What a settled, hashed file is: unchanged, moved (its outputs follow), moved during its upload
// (the upload follows), a duplicate, or a new file or version to upload.
import fs from 'node:fs';
import path from 'node:path';
import type { FolderConfig } from './config.js';
import type { Logger } from './logger.js';
import { sidecarsOf } from './location.js';
import { idempotencyKey, remoteDir, remoteFileName } from './paths.js';
import type { SettledFile } from './settle.js';
import type { WatchedFileRow, FileStore } from './state/files.js';

/** What classifying needs of its folder (FolderContext, in folder.ts, has it all). */
export interface ClassifyContext {
  store: FileStore;
  log: Logger;
  /** Outputs follow a file that moved (recognised by its hash). */
  moveOutputs(from: WatchedFileRow, to: WatchedFileRow): Promise<void>;
  /** New settled work exists: wake the upload pump. */
  wake(): void;
}

/**
 * After hashing: unchanged, moved, duplicate, or (new version of) a file to upload. The last, the
 * common case in a burst, commits with the other transitions of its turn (transitionSoon).
 */
export function classify(
  ctx: ClassifyContext, config: FolderConfig, row: WatchedFileRow, sha256: string, f: SettledFile, settlingSoon: Map<string, WatchedFileRow>,
): Promise<unknown> | undefined {
  const { store } = ctx;
  // A file settled where it was found: a row docsync had moved into Processed/ or Failed/ is
  // here again (a new file of the same name, a copy brought back).
  const sig = { size: f.size, mtime_ms: f.mtimeMs, outcome_dir: null };
  if (row.sha256 === sha256 && row.status !== 'discovered') {
    store.transition(row.id, row.status, sig, 'touched, content unchanged');
    return undefined;
  }
  if (row.sha256 === sha256 && row.file_ids) {
    store.transition(row.id, 'exported', sig, 'reappeared unchanged');
    return undefined;
  }
  // Another file of this content taking these outputs right now makes this one a copy of it.
  const taking = settlingSoon.get(sha256);
  const moved = taking && taking.id !== row.id ? undefined : store.movedFrom(row.folder, sha256, row.id);
  // Exported while the file was already on its way (renamed before its result came): no outputs
  // to carry along, so the result is fetched again for the new name; nothing is uploaded again.
  if (moved && !fs.existsSync(sidecarsOf(moved).json)) return takeOverUpload(ctx, row, moved, sha256, sig, 'before its outputs were written');
  if (moved) {
    const patch = {
      ...sig, sha256, upload_id: moved.upload_id, file_ids: moved.file_ids, remote_path: moved.remote_path,
      idempotency_key: moved.idempotency_key, exported_at: moved.exported_at, ticket_gen: moved.ticket_gen,
    };
    // The outputs move first, then the state says they are here: killed in between, the file
    // settles again at the next start, finds no outputs at the old place, and fetches its result
    // again for the new name (takeOverUpload); nothing claims outputs that are not there.
    settlingSoon.set(sha256, row);
    return ctx.moveOutputs(moved, row).then(
      () => undefined,
      (err: unknown) => ctx.log.warn({ err, file: row.rel_path }, 'moving outputs failed'),
    ).then(() => {
      store.transition(row.id, 'exported', patch, `moved from ${moved.rel_path}`);
      store.transition(moved.id, 'removed', { moved_to: row.id }, `moved to ${row.rel_path}`);
    }).finally(() => {
      if (settlingSoon.get(sha256) === row) settlingSoon.delete(sha256);
    });
  }
  const wasInFlight = store.movedInFlight(row.folder, sha256, row.id);
  if (wasInFlight) return takeOverUpload(ctx, row, wasInFlight, sha256, sig, 'during its upload');
  // Same name, another hash: possibly moved while docsync was down after a PUT that carried a
  // later write. The pipeline takes the upload over only if the service holds these very bytes.
  const sameName = store.removedInFlightNamed(row.folder, path.posix.basename(row.rel_path), row.id)[0];
  // Its remote folder is the new place's: if the service does not hold these bytes, they go there.
  if (sameName) return takeOverUpload(ctx, row, sameName, sha256, sig, 'while docsync was down (if the service holds these bytes)', remoteDir(config, row.rel_path));
  const dup = settlingSoon.get(sha256) ?? store.findSameContent(sha256, row.id, ['settled', 'uploading', 'processing', 'exported']);
  if (dup && dup.id !== row.id && dup.folder === row.folder && config.duplicates === 'skip') {
    store.transition(row.id, 'skipped', { ...sig, sha256, duplicate_of: dup.id }, `duplicate of ${dup.rel_path}`);
    return undefined;
  }
  const newVersion = row.file_ids !== null;
  settlingSoon.set(sha256, row);
  const done = store.transitionSoon(
    row.id,
    'settled',
    {
      ...sig, sha256, attempts: 0, next_attempt_at: 0, error_code: null, error_detail: null, duplicate_of: null,
      upload_id: null, ticket_at: null, idempotency_key: null,
      ticket_gen: newVersion ? row.ticket_gen + 1 : row.ticket_gen,
      ...(newVersion ? { previous_file_ids: row.file_ids, file_ids: null } : {}),
    },
    newVersion ? 'modified: new version' : 'settled',
  );
  const forget = () => {
    if (settlingSoon.get(sha256) === row) settlingSoon.delete(sha256);
  };
  return done.then(forget, (err: unknown) => {
    forget();
    throw err;
  });
}

/**
 * A file moved while its upload was under way (or before its outputs were written): the upload
 * follows the file instead of a second one. The pipeline asks the service whether the bytes
 * arrived (then fetches the result for the new name), else sends them under a fresh key.
 */
function takeOverUpload(
  ctx: ClassifyContext, row: WatchedFileRow, from: WatchedFileRow, sha256: string, sig: { size: number; mtime_ms: number }, when: string,
  remotePath = from.remote_path,
): undefined {
  const { store } = ctx;
  const name = remoteFileName(path.posix.basename(row.rel_path));
  const gen = from.ticket_gen + 1;
  store.transition(row.id, 'settled', { ...sig, sha256, attempts: 0, next_attempt_at: 0, error_code: null, error_detail: null }, 'settled');
  const to = store.transition(row.id, 'uploading', {
    upload_id: from.upload_id, remote_path: remotePath, ticket_at: from.ticket_at,
    ticket_gen: gen, idempotency_key: idempotencyKey(sha256, remotePath ?? '', name, gen), attempts: 0, next_attempt_at: 0,
  }, `moved from ${from.rel_path} ${when}`);
  store.transition(from.id, 'removed', { moved_to: to.id }, `moved to ${row.rel_path}`);
  ctx.wake();
  return undefined;
}

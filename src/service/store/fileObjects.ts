// Stored objects behind storage paths (files and the uploads they came from), for previews,
// and deleting files with everything that hangs off them (spec 4.11, 4.12).
import { prepared, type DB } from './sql.js';
import { collectGarbage } from './blobs.js';

/** The bytes and media type behind an object id: a file's, else an upload's (once its PUT arrived). */
export interface StoredObject {
  objectId: string;
  workspaceId: string;
  sha256: string;
  mediaType: string;
  fileName: string;
}

const FILE_OBJECT = `SELECT object_id AS "objectId", workspace_id AS "workspaceId", blob_sha256 AS sha256,
  file_type AS "mediaType", file_name AS "fileName" FROM files WHERE object_id = ?`;
const UPLOAD_OBJECT = `SELECT object_id AS "objectId", workspace_id AS "workspaceId", blob_sha256 AS sha256,
  file_type AS "mediaType", file_name AS "fileName" FROM uploads WHERE object_id = ? AND blob_sha256 IS NOT NULL`;

/** Any workspace's object: the signed preview address is the only credential of the raw GET. */
export function findObject(db: DB, objectId: string): StoredObject | undefined {
  return (prepared(db, FILE_OBJECT).get(objectId) ?? prepared(db, UPLOAD_OBJECT).get(objectId)) as StoredObject | undefined;
}

/** The object only when it belongs to this workspace: another workspace's is as unknown as a missing one. */
export function findWorkspaceObject(db: DB, workspaceId: string, objectId: string): StoredObject | undefined {
  const found = findObject(db, objectId);
  return found && found.workspaceId === workspaceId ? found : undefined;
}

/** The ids among `ids` that are live files of the workspace. */
export function existingFileIds(db: DB, workspaceId: string, ids: string[]): Set<string> {
  const found = new Set<string>();
  const get = prepared(db, 'SELECT id FROM files WHERE id = ? AND workspace_id = ?').pluck();
  for (const id of ids) if (get.get(id, workspaceId)) found.add(id);
  return found;
}

/**
 * Delete files; values and pages go by cascade. An upload left with no file goes too (its steps and
 * job by cascade), so the original bytes are no longer referenced; then unreferenced blobs are removed.
 */
export function deleteFileRows(db: DB, dataDir: string, workspaceId: string, ids: string[]): void {
  const released = new Set<string>();
  db.transaction(() => {
    const blobsOf = prepared(db,
      'SELECT blob_sha256 FROM files WHERE id = ? AND workspace_id = ? UNION SELECT u.blob_sha256 FROM uploads u JOIN files f ON f.upload_id = u.id WHERE f.id = ? AND f.workspace_id = ? AND u.blob_sha256 IS NOT NULL',
    ).pluck();
    const uploadOf = prepared(db, 'SELECT upload_id FROM files WHERE id = ? AND workspace_id = ?').pluck();
    const remove = prepared(db, 'DELETE FROM files WHERE id = ? AND workspace_id = ?');
    const uploads = new Set<string>();
    for (const id of ids) {
      for (const sha256 of blobsOf.all(id, workspaceId, id, workspaceId) as string[]) released.add(sha256);
      const uploadId = uploadOf.get(id, workspaceId) as string | undefined;
      if (uploadId) uploads.add(uploadId);
      remove.run(id, workspaceId);
    }
    const dropUpload = prepared(db,
      'DELETE FROM uploads WHERE id = ? AND workspace_id = ? AND NOT EXISTS (SELECT 1 FROM files WHERE upload_id = uploads.id)',
    );
    for (const uploadId of uploads) dropUpload.run(uploadId, workspaceId);
  })();
  collectGarbage(db, dataDir, released);
}

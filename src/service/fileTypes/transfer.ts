// Export and import of file types with their schema versions (spec 4.13, decisions 22).
import type { DB } from '../store/sql.js';
import { importMemories } from '../store/vendorMemory.js';
import type { AuthContext } from '../store/tenancy.js';
import {
  compareVersions,
  bumpVersion,
  findBlueprintByClassName,
  insertBlueprint,
  insertSchema,
  setDefaultSchema,
} from '../store/fileTypes.js';
import type { ReadArchive } from './archive.js';

export interface ImportResult {
  success: boolean;
  importedBlueprintsCount: number;
  importedSchemasCount: number;
  conflictBlueprintsCount: number;
  conflictBlueprints: string[];
  blueprintIds: string[];
  schemaIds: string[];
}

/**
 * Import every blueprint and schema of the archive under new ids, owned by the importer.
 * A class name that exists in the workspace fails the whole import (nothing written).
 * Two schema versions of one blueprint with the same version number: the later one gets the
 * next free PATCH version (the spec's "new schema versions" for field conflicts).
 */
export function importArchive(db: DB, auth: Pick<AuthContext, 'workspaceId' | 'userId'>, archive: ReadArchive): ImportResult {
  return db.transaction((): ImportResult => {
    const conflicts = archive.blueprints
      .filter((b) => findBlueprintByClassName(db, auth.workspaceId, b.className))
      .map((b) => b.className);
    if (conflicts.length > 0) {
      return {
        success: false,
        importedBlueprintsCount: 0,
        importedSchemasCount: 0,
        conflictBlueprintsCount: conflicts.length,
        conflictBlueprints: conflicts,
        blueprintIds: [],
        schemaIds: [],
      };
    }
    const blueprintIds: string[] = [];
    const schemaIds: string[] = [];
    for (const b of archive.blueprints) {
      const row = insertBlueprint(db, auth, { className: b.className, name: b.name, status: b.status });
      blueprintIds.push(row.id);
      const own = archive.schemas.filter((s) => s.blueprintId === b.id).sort((x, y) => compareVersions(x.version, y.version));
      const taken = new Set<string>();
      const newIds = new Map<string, string>();
      let highest = '0.0.0';
      for (const s of own) {
        let version = s.version;
        if (taken.has(version)) version = bumpVersion(highest, 'PATCH');
        taken.add(version);
        if (compareVersions(version, highest) > 0) highest = version;
        const schema = insertSchema(db, auth, { blueprintId: row.id, name: s.name, version, fields: s.fields });
        newIds.set(s.id, schema.id);
        schemaIds.push(schema.id);
      }
      const defaultId = (b.defaultSchemaId && newIds.get(b.defaultSchemaId)) ?? [...newIds.values()].at(-1);
      if (defaultId) setDefaultSchema(db, row.id, defaultId);
    }
    importMemories(db, auth.workspaceId, archive.vendorMemory, new Date().toISOString());
    return {
      success: true,
      importedBlueprintsCount: blueprintIds.length,
      importedSchemasCount: schemaIds.length,
      conflictBlueprintsCount: 0,
      conflictBlueprints: [],
      blueprintIds,
      schemaIds,
    };
  })();
}

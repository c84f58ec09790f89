// Outputs of the sync daemon: sidecars beside each file and one ledger per folder.
//
// Call sequence from the result fetcher, once a file's values are complete:
//   await writeSidecars({ sourcePath, meta, documents })      // <name>.values.json / .values.csv
//   ledger.upsert({ sourcePath, remotePath, status: 'exported', processedAt, documents })
// For a failed file: ledger.upsert({ ..., status: 'failed', note: reason, documents: [] }).
// On rename/move: await moveSidecars(oldAbs, newAbs); ledger.rename(oldAbs, newAbs).
// On deletion:    await removeSidecars(abs); ledger.remove(abs).
// At shutdown:    await ledger.close().   `docsync export`: await rebuildLedgers(db, options).
// On a (re)scan:   removeStaleTempFiles(dir) clears temp files of writes a crash interrupted.
//
// Types of the inputs (see ./types.ts):
//   FormValuesEntry  an element of `formValues` (spec 2.3), kept verbatim in the JSON sidecar
//   UploadMeta       { uploadId, fileIds[], remotePath, sha256, size?, uploadedAt?, processedAt }
//   SidecarInput     { sourcePath, meta: UploadMeta, documents: FormValuesEntry[], exportedAt? }
//   LedgerFileInput  { sourcePath, remotePath, status, processedAt, documents, note? }
//
// The Ledger needs state.db's ledger tables (src/sync/state/db.ts applies their migrations);
// it throws ExportError LEDGER_SCHEMA_MISSING otherwise.
// Errors carry a stable `code` (ExportError): SIDECAR_LOCKED, SIDECAR_WRITE_FAILED,
// LEDGER_LOCKED, LEDGER_WRITE_FAILED, LEDGER_SCHEMA_MISSING.
export type { FormField, FormValuesEntry, UploadMeta, SidecarInput, LedgerFileInput } from './types.js';
export {
  isDocsyncOutput, sidecarPaths, JSON_SIDECAR_SUFFIX, CSV_SIDECAR_SUFFIX,
  LEDGER_CSV_NAME, LEDGER_XLSX_NAME, TEMP_PREFIX,
} from './names.js';
export { writeSidecars, moveSidecars, removeSidecars, buildSidecarJson, buildSidecarTable, SIDECAR_CSV_FIXED } from './sidecars.js';
export type { SidecarJson } from './sidecars.js';
export { Ledger } from './ledger.js';
export type { LedgerOptions, LedgerEvent, FlushReport, LedgerFailure, LedgerProblem } from './ledger.js';
export { ROLES as LEDGER_ROLES } from './ledger-layout.js';
export { resolveFormat } from './ledger-format.js';
export type { LedgerFormat, LedgerFormatSettings } from './ledger-format.js';
export { rebuildLedgers } from './rebuild.js';
export type { RebuildOptions, RebuildReport } from './rebuild.js';
export { ExportError } from './errors.js';
export type { ExportErrorCode } from './errors.js';
export { neutraliseFormula, encodeCsv, CSV_BOM } from './csv.js';
export { removeStaleTempFiles } from './atomic.js';

// Names of every file docsync writes into a watched folder, so the watcher can
// leave its own outputs alone (an output picked up as input would loop forever).

/** Suffix of the JSON sidecar: `invoice.pdf` -> `invoice.pdf.values.json`. */
export const JSON_SIDECAR_SUFFIX = '.values.json';
/** Suffix of the CSV sidecar: `invoice.pdf` -> `invoice.pdf.values.csv`. */
export const CSV_SIDECAR_SUFFIX = '.values.csv';
export const LEDGER_CSV_NAME = 'docsync-ledger.csv';
export const LEDGER_XLSX_NAME = 'docsync-ledger.xlsx';
/** Prefix of the temporary files of atomic writes (same folder, then renamed). */
export const TEMP_PREFIX = '.docsync-tmp-';

const LEDGER_NAMES = [LEDGER_CSV_NAME, LEDGER_XLSX_NAME];

/**
 * True for a file name (base name or path) that docsync itself writes: sidecars,
 * ledgers, temp files of atomic writes, and the lock files Excel (`~$name`) and
 * LibreOffice (`.~lock.name#`) create while a ledger is open. Case-insensitive
 * and normalisation-insensitive, since macOS and Windows folders are both.
 * A user's own file named `x.values.json` is therefore ignored too: a documented
 * trade-off for a check that needs no file-system access.
 */
export function isDocsyncOutput(fileName: string): boolean {
  const base = baseName(fileName).normalize('NFC').toLowerCase();
  if (base.startsWith(TEMP_PREFIX)) return true;
  if (base.endsWith(JSON_SIDECAR_SUFFIX) || base.endsWith(CSV_SIDECAR_SUFFIX)) return true;
  for (const ledger of LEDGER_NAMES) {
    if (base === ledger || base === `~$${ledger}` || base === `.~lock.${ledger}#`) return true;
  }
  return false;
}

/** Absolute paths of the two sidecars of a source file. */
export function sidecarPaths(sourceAbs: string): { json: string; csv: string } {
  return { json: sourceAbs + JSON_SIDECAR_SUFFIX, csv: sourceAbs + CSV_SIDECAR_SUFFIX };
}

function baseName(p: string): string {
  const cut = Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\'));
  return cut >= 0 ? p.slice(cut + 1) : p;
}

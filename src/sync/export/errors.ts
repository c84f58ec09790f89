/** Stable machine codes of the export layer. */
export type ExportErrorCode =
  | 'SIDECAR_LOCKED'
  | 'SIDECAR_WRITE_FAILED'
  | 'LEDGER_LOCKED'
  | 'LEDGER_WRITE_FAILED'
  | 'LEDGER_SCHEMA_MISSING';

export class ExportError extends Error {
  readonly code: ExportErrorCode;
  readonly path: string;
  /** The OS error code underneath (EBUSY, EPERM, ...), when there is one. */
  readonly osCode?: string;

  constructor(code: ExportErrorCode, path: string, message: string, osCode?: string) {
    super(message);
    this.name = 'ExportError';
    this.code = code;
    this.path = path;
    this.osCode = osCode;
  }
}

/** Codes Windows (and Excel holding a file open) answer with for a locked file. */
const LOCK_CODES = new Set(['EBUSY', 'EPERM', 'EACCES']);

export function osCodeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isLockError(err: unknown): boolean {
  const code = osCodeOf(err);
  return code !== undefined && LOCK_CODES.has(code);
}

/** Wraps a file-system failure into an ExportError, telling a lock from other failures. */
export function toExportError(err: unknown, path: string, kind: 'sidecar' | 'ledger'): ExportError {
  if (err instanceof ExportError) return err;
  const locked = isLockError(err);
  const code: ExportErrorCode =
    kind === 'sidecar'
      ? locked ? 'SIDECAR_LOCKED' : 'SIDECAR_WRITE_FAILED'
      : locked ? 'LEDGER_LOCKED' : 'LEDGER_WRITE_FAILED';
  const message = err instanceof Error ? err.message : String(err);
  return new ExportError(code, path, message, osCodeOf(err));
}

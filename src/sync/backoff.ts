/** Exponential backoff with full jitter in the upper half, so many files do not retry in lockstep. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, factor = 2): number {
  const raw = Math.min(maxMs, baseMs * factor ** Math.max(0, attempt - 1));
  return Math.round(raw / 2 + (Math.random() * raw) / 2);
}

// ISO 8601 times of the hot writes (upload tickets): Date#toISOString formats every field through
// printf on each call, about 3% of a ticket's instructions. Times within one second share
// everything but their milliseconds, so the second's text is made once and reused.

let second = Number.NaN;
let prefix = '';

/** `new Date(ms).toISOString()`, for any time in milliseconds since the epoch. */
export function isoTime(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s !== second) {
    // "2026-11-26T17:20:05." from the full text of the second's first millisecond.
    prefix = new Date(s * 1000).toISOString().slice(0, -4);
    second = s;
  }
  const milli = ms - s * 1000;
  return `${prefix}${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
}

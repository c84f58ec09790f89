import { describe, expect, it } from 'vitest';
import { isoTime } from '../../../src/service/isoTime.js';

describe('isoTime', () => {
  it('is Date#toISOString for times within one second, across seconds, days and years, and before 1970', () => {
    const times = [
      Date.parse('2026-11-26T17:20:05.000Z'), Date.parse('2026-11-26T17:20:05.007Z'), Date.parse('2026-11-26T17:20:05.042Z'),
      Date.parse('2026-11-26T17:20:05.999Z'), Date.parse('2026-11-26T17:20:06.000Z'), Date.parse('2026-12-31T23:59:59.999Z'),
      Date.parse('2027-01-01T00:00:00.001Z'), Date.parse('2026-11-26T17:20:05.500Z'), 0, -1, -1001, 1_764_177_605_123,
    ];
    for (const t of times) expect(isoTime(t), String(t)).toBe(new Date(t).toISOString());
    for (let t = 1_764_177_605_000; t < 1_764_177_608_000; t += 7) expect(isoTime(t)).toBe(new Date(t).toISOString());
  });
});

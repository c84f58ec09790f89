import { describe, expect, it } from 'vitest';
import { CSV_BOM, encodeCsv, neutraliseFormula } from '../../../src/sync/export/index.js';
import { parseCsv } from './support.js';

describe('Excel-safe CSV', () => {
  it('starts with a BOM and ends every record with CRLF', () => {
    const text = encodeCsv(['a', 'b'], [['1', '2'], ['3', '4']]);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.slice(1)).toBe('a,b\r\n1,2\r\n3,4\r\n');
  });

  it('round-trips quotes, commas, newlines and unicode (RFC 4180)', () => {
    const nasty = [
      'say "hi"', 'a,b', 'line1\nline2', 'line1\r\nline2', '"', '""', ',', '',
      'Zürich – Ünïcödé', '東京都', '😀 emoji', 'e\u0301 (decomposed)', ' padded ', 'trailing,',
    ];
    const text = encodeCsv(['value'], nasty.map((v) => [v]));
    const rows = parseCsv(text.slice(1));
    expect(rows.slice(1).map((r) => r[0])).toEqual(nasty);
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])('neutralises a cell starting with %j', (trigger) => {
    const cell = `${trigger}HYPERLINK("http://evil","x")`;
    expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    const rows = parseCsv(encodeCsv(['v'], [[cell]]).slice(1));
    expect(rows[1]![0]).toBe(`'${cell}`);
  });

  it('neutralises a trigger behind leading blanks', () => {
    expect(neutraliseFormula('  =1+1')).toBe("'  =1+1");
  });

  it('keeps plain numbers, negative ones included, usable as numbers', () => {
    for (const n of ['-12.50', '-1', '+3', '-1e5', '0.5', '-.5', '42']) expect(neutraliseFormula(n)).toBe(n);
    for (const notNumber of ['-1+2', '-12,50', '- 3', '-', '+', '-1e', '--1']) {
      expect(neutraliseFormula(notNumber)).toBe(`'${notNumber}`);
    }
  });

  it('neutralises header cells too (field titles come from schemas)', () => {
    const rows = parseCsv(encodeCsv(['=cmd|x'], []).slice(1));
    expect(rows[0]).toEqual(["'=cmd|x"]);
  });
});

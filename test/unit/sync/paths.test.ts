import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/sync/config.js';
import { buildFilter, idempotencyKey, remoteDir, toRelPath } from '../../../src/sync/paths.js';

const folder = (extra: Record<string, unknown> = {}) => parseConfig({ folders: [{ path: '/in', ...extra }] }).folders[0]!;

describe('paths', () => {
  it('stores NFC relative paths, so NFD and NFC spellings are one file', () => {
    const nfd = 'Cafe\u0301.pdf';
    const nfc = 'Caf\u00e9.pdf';
    expect(toRelPath('/in', `/in/sub/${nfd}`)).toBe(`sub/${nfc}`);
    expect(toRelPath('/in', `/in/sub/${nfc}`)).toBe(`sub/${nfc}`);
  });

  it('excludes temporary, system and docsync files by default', () => {
    const keep = buildFilter(folder(), (n) => n.endsWith('.values.json'));
    for (const name of ['~$doc.docx', 'a.tmp', 'x.part', 'y.crdownload', '.~lock.a.ods#', '.DS_Store', 'Thumbs.db', 'desktop.ini',
      'a.pdf.values.json', 'a.pdf.values.csv', 'docsync-ledger.csv', 'docsync-ledger.xlsx', 'sub/Thumbs.db']) {
      expect(keep(name), name).toBe(false);
    }
    expect(keep('invoice.pdf')).toBe(true);
    expect(keep('sub/dir/invoice.pdf')).toBe(true);
  });

  it('applies configured include and exclude globs', () => {
    const keep = buildFilter(folder({ include: ['**/*.pdf'], exclude: ['drafts/**'] }));
    expect(keep('a.pdf')).toBe(true);
    expect(keep('a.png')).toBe(false);
    expect(keep('drafts/a.pdf')).toBe(false);
  });

  it('excludes Processed/ and Failed/ when files are moved there', () => {
    const keep = buildFilter(folder({ onSuccess: 'move', onFailure: 'move' }));
    expect(keep('Processed/a.pdf')).toBe(false);
    expect(keep('Failed/a.pdf')).toBe(false);
  });

  it('mirrors local folders under the remote root, folding past the level limit', () => {
    expect(remoteDir(folder({ remotePath: 'Inv' }), 'a.pdf')).toBe('Inv');
    expect(remoteDir(folder({ remotePath: 'Inv' }), '2024/a.pdf')).toBe('Inv/2024');
    expect(remoteDir(folder({ remotePath: 'Inv' }), '2024/03/a.pdf')).toBe('Inv/2024');
    expect(remoteDir(folder({ remotePath: 'Inv', depthFolding: 'join' }), '2024/03/x/a.pdf')).toBe('Inv/2024 - 03 - x');
    expect(remoteDir(folder(), 'a/b/c/d.pdf')).toBe('a/b');
    expect(remoteDir(folder({ remoteLevels: 3 }), 'a/b/c/d.pdf')).toBe('a/b/c');
  });

  it('derives a stable idempotency key from content, remote path and generation', () => {
    const k = idempotencyKey('h', 'Inv', 'a.pdf', 0);
    expect(k).toBe(idempotencyKey('h', 'Inv', 'a.pdf', 0));
    expect(k).not.toBe(idempotencyKey('h', 'Inv', 'a.pdf', 1));
    expect(k).not.toBe(idempotencyKey('h2', 'Inv', 'a.pdf', 0));
    expect(k.length).toBeLessThanOrEqual(255);
  });
});

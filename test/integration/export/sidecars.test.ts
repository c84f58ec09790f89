import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ExportError, isDocsyncOutput, moveSidecars, removeSidecars, sidecarPaths, writeSidecars,
  type SidecarInput, type SidecarJson,
} from '../../../src/sync/export/index.js';
import { invoiceEntry, makeTempDir, readCsvFile } from '../../unit/export/support.js';

let dir: string;
beforeEach(() => { dir = makeTempDir(); });
afterEach(() => { fs.rmSync(dir, { recursive: true, force: true }); });

function inputFor(sourcePath: string, documents = [invoiceEntry()]): SidecarInput {
  fs.writeFileSync(sourcePath, 'pdf bytes');
  return {
    sourcePath,
    meta: {
      uploadId: 'up-1', fileIds: documents.map((d) => d.fileId!), remotePath: '/Inbox/Rechnung März.pdf',
      sha256: 'cd'.repeat(32), size: 9, uploadedAt: '2026-02-01T10:00:00.000Z', processedAt: '2026-02-01T10:00:05.000Z',
    },
    documents,
    exportedAt: new Date('2026-02-01T10:00:06.000Z'),
  };
}

function leftovers(): string[] {
  return fs.readdirSync(dir).filter((n) => n.startsWith('.docsync-tmp-'));
}

describe('writeSidecars', () => {
  it('writes the values as returned plus metadata, and a CSV that parses back', async () => {
    const source = path.join(dir, 'Rechnung März.pdf');
    const input = inputFor(source);
    const out = await writeSidecars(input);
    expect(out).toEqual({ jsonPath: sidecarPaths(source).json, csvPath: sidecarPaths(source).csv });

    const json = JSON.parse(fs.readFileSync(out.jsonPath, 'utf8')) as SidecarJson;
    expect(json.documents).toEqual(input.documents);
    expect(json.docsync).toEqual({
      formatVersion: 1, sourceFile: 'Rechnung März.pdf', uploadId: 'up-1', fileIds: ['file-INV-001'],
      remotePath: '/Inbox/Rechnung März.pdf', sha256: 'cd'.repeat(32), size: 9,
      uploadedAt: '2026-02-01T10:00:00.000Z', processedAt: '2026-02-01T10:00:05.000Z', exportedAt: '2026-02-01T10:00:06.000Z',
    });

    const raw = fs.readFileSync(out.csvPath);
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(raw.toString('utf8').replace(/\r\n/g, '').includes('\n')).toBe(true); // the embedded newline only
    const rows = readCsvFile(out.csvPath);
    expect(rows[0]).toEqual(['Document', 'Field', 'Type', 'Row', 'Value', 'Description', 'Quantity', 'Amount']);
    expect(rows[5]).toEqual(['INV-001.pdf', 'Line items', 'object', '1', '', 'Widget, "large"', '2', '100']);
    expect(rows[6]![5]).toBe('Gadget\nsecond line');
    expect(leftovers()).toEqual([]);
    expect(isDocsyncOutput(out.jsonPath) && isDocsyncOutput(out.csvPath)).toBe(true);
  });

  it('neutralises formulas in values but keeps negative amounts numeric', async () => {
    const entry = invoiceEntry({ total: -250.75 });
    entry.fields.push({ title: 'Vendor', type: 'string', value: '=HYPERLINK("http://evil","click")' });
    entry.fields.push({ title: '@Note', type: 'string', value: '+1 555 0100' });
    const out = await writeSidecars(inputFor(path.join(dir, 'a.pdf'), [entry]));
    const rows = readCsvFile(out.csvPath);
    expect(rows.find((r) => r[1] === 'Total')![4]).toBe('-250.75');
    expect(rows.find((r) => r[1] === 'Vendor')![4]).toBe(`'=HYPERLINK("http://evil","click")`);
    const note = rows.find((r) => r[1] === "'@Note")!;
    expect(note[4]).toBe("'+1 555 0100");
  });

  it('gives a split upload one JSON document and one CSV section per part', async () => {
    const docs = [invoiceEntry({ number: 'P1' }), invoiceEntry({ number: 'P2' }), invoiceEntry({ number: 'P3' })];
    const out = await writeSidecars(inputFor(path.join(dir, 'scan.pdf'), docs));
    const json = JSON.parse(fs.readFileSync(out.jsonPath, 'utf8')) as SidecarJson;
    expect(json.documents.map((d) => d.fileId)).toEqual(['file-P1', 'file-P2', 'file-P3']);
    expect(json.docsync.fileIds).toEqual(['file-P1', 'file-P2', 'file-P3']);
    const sections = readCsvFile(out.csvPath).slice(1).map((r) => r[0]);
    expect([...new Set(sections)]).toEqual(['P1.pdf', 'P2.pdf', 'P3.pdf']);
  });

  it('replaces existing sidecars whole (a new version of the file)', async () => {
    const source = path.join(dir, 'a.pdf');
    await writeSidecars(inputFor(source, [invoiceEntry({ number: 'OLD' })]));
    const out = await writeSidecars(inputFor(source, [invoiceEntry({ number: 'NEW' })]));
    const csv = fs.readFileSync(out.csvPath, 'utf8');
    expect(csv).toContain('NEW');
    expect(csv).not.toContain('OLD');
  });

  it('fails with a machine code and leaves no temp file when the target cannot be replaced', async () => {
    const source = path.join(dir, 'a.pdf');
    fs.mkdirSync(sidecarPaths(source).json); // a directory where the file must go: the rename really fails
    fs.writeFileSync(path.join(sidecarPaths(source).json, 'x'), '');
    const err = await writeSidecars(inputFor(source)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExportError);
    expect((err as ExportError).code).toMatch(/^SIDECAR_(LOCKED|WRITE_FAILED)$/);
    expect((err as ExportError).osCode).toBeTruthy();
    expect(leftovers()).toEqual([]);
  });
});

describe('moveSidecars and removeSidecars', () => {
  it('moves both sidecars with a renamed file, into a new sub-folder too', async () => {
    const source = path.join(dir, 'a.pdf');
    await writeSidecars(inputFor(source));
    const target = path.join(dir, 'Processed', '2026', 'b.pdf');
    const moved = await moveSidecars(source, target);
    expect(moved.sort()).toEqual(Object.values(sidecarPaths(target)).sort());
    for (const p of Object.values(sidecarPaths(source))) expect(fs.existsSync(p)).toBe(false);
    for (const p of Object.values(sidecarPaths(target))) expect(fs.existsSync(p)).toBe(true);
  });

  it('is fine when there is nothing to move or remove', async () => {
    expect(await moveSidecars(path.join(dir, 'none.pdf'), path.join(dir, 'other.pdf'))).toEqual([]);
    await expect(removeSidecars(path.join(dir, 'none.pdf'))).resolves.toBeUndefined();
  });

  it('removes both sidecars and nothing else', async () => {
    const source = path.join(dir, 'a.pdf');
    await writeSidecars(inputFor(source));
    await removeSidecars(source);
    expect(fs.readdirSync(dir)).toEqual(['a.pdf']);
  });
});

describe('removeStaleTempFiles', () => {
  it('removes temp files a crash left behind, but not fresh ones or other files', async () => {
    const { removeStaleTempFiles } = await import('../../../src/sync/export/index.js');
    const stale = path.join(dir, '.docsync-tmp-1-deadbeef-docsync-ledger.xlsx');
    const fresh = path.join(dir, '.docsync-tmp-2-cafebabe-a.pdf.values.json');
    fs.writeFileSync(stale, 'half');
    fs.writeFileSync(fresh, 'half');
    fs.writeFileSync(path.join(dir, 'a.pdf'), 'x');
    const old = new Date(Date.now() - 3_600_000);
    fs.utimesSync(stale, old, old);
    expect(removeStaleTempFiles(dir)).toEqual([path.basename(stale)]);
    expect(fs.readdirSync(dir).sort()).toEqual([path.basename(fresh), 'a.pdf'].sort());
  });
});

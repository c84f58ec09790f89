// Vendor memory in the local service (issue 16): a correction of one document teaches where the
// vendor prints the field, and the vendor's next document is read there first, surely; the
// memory goes out with a schema export and comes back with its import.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMemories, saveMemory } from '../../../src/service/store/vendorMemory.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { put, settled, ticket } from '../service/uploadHelpers.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());

/** A docket whose amount due is labelled "Payable", with a points total below it that reads like a total. */
async function docket(n: number, payable: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([420, 420]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const rows: Array<[string, string?]> = [
    ['Kowloon Paper Trading Co'], ['Co. Reg. 20231187-K'], [`Docket ${n}`], ['Issued', '12/02/2026'],
    ['Payable', payable.toFixed(2)], ['Total points', (900 + n).toFixed(2)],
  ];
  rows.forEach(([label, value], i) => {
    page.drawText(label, { x: 30, y: 380 - i * 24, size: 12, font });
    if (value) page.drawText(value, { x: 300, y: 380 - i * 24, size: 12, font });
  });
  return Buffer.from(await doc.save());
}

async function processed(pdf: Buffer, name: string) {
  const t = await ticket(svc, { fileName: name, fileType: 'application/pdf' });
  expect((await put(t.presignedUploadURL, pdf, { 'content-type': 'application/pdf' })).status).toBe(200);
  const fileId = (await settled(svc, t.uploadId)).body.files[0].fileId as string;
  const entry = (await svc.request('GET', `/prod/v1/files/${fileId}/values`)).body.values.formValues[0];
  const total = entry.fields.find((f: { title: string }) => f.title === 'Total') as { value: unknown; confidence: number };
  return { fileId, entry, total };
}

describe('vendor memory', () => {
  it("reads the vendor's next document where a correction said its total stands", async () => {
    const first = await processed(await docket(1, 108), 'k1.pdf');
    const before = await processed(await docket(2, 270), 'k2.pdf');
    // Without memory the extractor does not read this layout's total right.
    expect(before.total.value).not.toBe(270);
    const fields = first.entry.fields
      .filter((f: { title: string; value: unknown }) => f.value !== null && typeof f.value !== 'object' && f.title !== 'Total')
      .map((f: { title: string; value: unknown }) => ({ title: f.title, value: f.value }));
    const fix = await svc.request('PATCH', `/prod/v1/files/${first.fileId}/values`, {
      body: { schemaValueId: first.entry.id, fields: [{ title: 'Total', value: 108 }, ...fields] },
    });
    expect(fix.status).toBe(200);
    const after = await processed(await docket(3, 540), 'k3.pdf');
    expect(after.total).toMatchObject({ value: 540, confidence: expect.any(Number) });
    expect(after.total.confidence).toBeGreaterThanOrEqual(0.95);
  });

  it('goes out with the schema export and comes back with its import', async () => {
    // The texts of the vendor's line items, as a saved table teaches them (extract/memory/items.ts).
    const [mine] = loadMemories(svc.service.db, svc.key.workspaceId);
    const items = ['Caffè in grani 1 kg', 'Consulting services'];
    const table = { type: 'object', label: null, where: null, place: null, format: null, items, corrected: true };
    saveMemory(svc.service.db, svc.key.workspaceId, { ...mine!, fields: { ...mine!.fields, 'Line Items': table } }, new Date().toISOString());
    const zip = await fetch(`${svc.url}/prod/v1/files/schema/export`, { headers: { 'x-api-key': svc.key.key } });
    expect(zip.status).toBe(200);
    const other = svc.createKey({ workspace: 'other' });
    // Its own file type of that class name (seeded at its first request) would refuse the whole import (decisions 22).
    await svc.request('GET', '/prod/v1/file-type', { key: other.key });
    svc.service.db.prepare('UPDATE blueprints SET class_name = ? WHERE workspace_id = ?').run('Own invoice', other.workspaceId);
    const form = new FormData();
    form.append('file', new Blob([await zip.arrayBuffer()]), 'export.zip');
    const imported = await fetch(`${svc.url}/prod/v1/files/schema/import`, { method: 'POST', headers: { 'x-api-key': other.key }, body: form });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({ success: true });
    const count = (ws: string) => svc.service.db.prepare('SELECT COUNT(*) FROM vendor_memory WHERE workspace_id = ?').pluck().get(ws) as number;
    expect(count(svc.key.workspaceId)).toBe(1);
    expect(count(other.workspaceId)).toBe(1);
    const [theirs] = loadMemories(svc.service.db, other.workspaceId);
    expect(theirs!.fields['Line Items']?.items).toEqual(items);
    expect(theirs!.fields.Total).toMatchObject({ label: 'payable', corrected: true });
  });
});

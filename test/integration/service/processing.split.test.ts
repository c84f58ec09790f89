// Splitting and classification end to end through the HTTP API. The workspace holds two file
// types (the seeded Invoice and a Purchase Order made here) and no upload names a schemaId,
// so every document below is classified.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeProcessing } from '../../../src/service/processing/engine.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { imagePdf, invoice, invoicePdf, pagesOf, renderPages, scanLook, upload, values } from './processingFixtures.js';

let svc: TestService;
let invoiceSchemaId: string;
let orderSchemaId: string;
beforeAll(async () => {
  svc = await startTestService();
  const types = await svc.request('GET', '/prod/v1/file-type');
  invoiceSchemaId = types.body.fileTypes.find((t: { name: string }) => t.name === 'Invoice').defaultSchemaId;
  const created = await svc.request('POST', '/prod/v1/file-type', {
    body: {
      className: 'PurchaseOrder',
      name: 'Purchase Order',
      fields: [
        { title: 'PO Number', type: 'STRING' },
        { title: 'Order Date', type: 'DATE' },
        { title: 'Supplier', type: 'STRING' },
        { title: 'Delivery Address', type: 'STRING' },
        { title: 'Order Total', type: 'NUMBER' },
      ],
    },
  });
  expect(created.status).toBe(201);
  orderSchemaId = created.body.defaultSchemaId;
});
afterAll(async () => {
  await svc.close();
  await closeProcessing();
});

describe('classification without a schemaId', () => {
  it('picks the best matching file type of the workspace and records it on the file and its values', async () => {
    const order = [
      'Contoso Retail Ltd', 'PURCHASE ORDER', 'PO Number: PO-88812', 'Order Date: 2024-05-02', 'Supplier: Fabrikam Components',
      'Delivery Address: 1 Dock Street, Leeds', '', 'Order Total: 840.00 GBP',
    ].join('\n');
    const po = await upload(svc, 'order.txt', 'text/plain', order);
    expect(po.body.status).toBe('completed');
    expect(po.files[0].schemaId).toBe(orderSchemaId);
    const { v, entry } = await values(svc, po.files[0].fileId);
    expect(entry.schemaName).toBe('Purchase Order');
    expect(v).toEqual({
      'PO Number': 'PO-88812', 'Order Date': '2024-05-02', Supplier: 'Fabrikam Components', 'Delivery Address': '1 Dock Street, Leeds', 'Order Total': 840,
    });

    const inv = await upload(svc, 'invoice.pdf', 'application/pdf', await invoicePdf([invoice('CLS-1201', 500)]));
    expect(inv.files[0].schemaId).toBe(invoiceSchemaId);
    const read = await values(svc, inv.files[0].fileId);
    expect(read.entry.schemaName).toBe('Invoice');
    expect(read.v).toMatchObject({ 'Invoice Number': 'CLS-1201', Total: 600 });
  });
});

describe('isSplit', () => {
  it('splits a scanned batch of three invoices into three files, each with its own values', { timeout: 120_000 }, async () => {
    // Invoice B runs over two pages ("Page 1 of 2", "Page 2 of 2"): it must stay one document.
    const a = invoice('BAT-0001', 100);
    const b = invoice('BAT-0002', 250, { vendor: 'Globex Trading Ltd' });
    const c = invoice('BAT-0003', 80, { vendor: 'Initech Office Ltd' });
    const pngs = await renderPages(await invoicePdf([a, { ...b, part: 'head', footer: 'Page 1 of 2' }, { ...b, part: 'totals', footer: 'Page 2 of 2' }, c]), 150);
    const scans = await Promise.all(pngs.map(async (p) => ({ jpeg: await scanLook(p) })));
    const up = await upload(svc, 'batch.pdf', 'application/pdf', await imagePdf(scans), { isSplit: true });
    expect(up.body.errorReason ?? null).toBeNull();
    expect(up.body.status).toBe('completed');
    expect(up.files.map((f) => [f.fileName, f.status, f.pageCount])).toEqual([
      ['batch-1.pdf', 'processed', 1],
      ['batch-2.pdf', 'processed', 2],
      ['batch-3.pdf', 'processed', 1],
    ]);
    expect(new Set(up.files.map((f) => f.fileId)).size).toBe(3);
    const got = await Promise.all(up.files.map((f) => values(svc, f.fileId)));
    expect(got.map(({ v }) => [v['Invoice Number'], v['Vendor Name'], v['Total'], v['Tax']])).toEqual([
      ['BAT-0001', 'Northwind Supplies Ltd', 120, 20],
      ['BAT-0002', 'Globex Trading Ltd', 300, 50],
      ['BAT-0003', 'Initech Office Ltd', 96, 16],
    ]);
    expect(got.map(({ entry }) => entry.schemaName)).toEqual(['Invoice', 'Invoice', 'Invoice']);
    // Each part is a PDF of its own pages, read by OCR.
    expect(up.files.map((f) => f.fileType)).toEqual(['application/pdf', 'application/pdf', 'application/pdf']);
    expect(pagesOf(svc, up.files[1].fileId).map((p) => [p.page, p.source])).toEqual([[1, 'ocr'], [2, 'ocr']]);
    expect(pagesOf(svc, up.files[1].fileId)[1]!.text).toContain('300.00');
  });
});

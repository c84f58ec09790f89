// Text-based inputs, archives and failures end to end through the HTTP API: ticket, PUT the
// bytes, wait for the upload, read the values. Fixtures are generated in memory per test.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeProcessing } from '../../../src/service/processing/engine.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import {
  encryptedPdf, invoice, invoicePdf, pagesOf, upload, values, workbook, zip, type Uploaded,
} from './processingFixtures.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
  await closeProcessing();
});

const receipt = (number: string, total: string, vendor = 'ACME Supplies Ltd') =>
  [vendor, 'INVOICE', `Invoice Number: ${number}`, 'Invoice Date: 2024-03-01', 'Due Date: 2024-03-31', `Tax: 20.00`, `Total: ${total} USD`, ''].join('\n');

function completed(up: Uploaded) {
  expect(up.body.errorReason ?? null).toBeNull();
  expect(up.body.status).toBe('completed');
  return up.files;
}

/** The upload failed as a whole with `reason`, and its file carries the same reason. */
function failedWith(up: Uploaded, reason: RegExp) {
  expect(up.body.status).toBe('failed');
  expect(up.body.errorReason).toMatch(reason);
  expect(up.body.statuses.at(-1)).toMatchObject({ step: 'processing_failed', status: 'failed' });
  expect(up.files.map((f) => [f.status, f.errorReason])).toEqual([['failed', up.body.errorReason]]);
}

describe('documents with text', () => {
  it('reads a PDF from its text layer', async () => {
    const spec = invoice('TXT-1001', 1234.5);
    const up = await upload(svc, 'invoice.pdf', 'application/pdf', await invoicePdf([spec]));
    const [file] = completed(up);
    const { v, entry } = await values(svc, file.fileId);
    expect(v).toMatchObject({ 'Invoice Number': 'TXT-1001', 'Invoice Date': '2024-03-14', 'Vendor Name': 'Northwind Supplies Ltd', Total: 1481.4, Tax: 246.9, Currency: 'GBP' });
    expect(entry.schemaName).toBe('Invoice');
    expect(pagesOf(svc, file.fileId).map((p) => p.source)).toEqual(['text']);
  });

  it('reads a plain-text invoice', async () => {
    const up = await upload(svc, 'invoice.txt', 'text/plain', receipt('INV-2002', '2,450.75'));
    const { v } = await values(svc, completed(up)[0].fileId);
    expect(v).toMatchObject({ 'Invoice Number': 'INV-2002', 'Invoice Date': '2024-03-01', 'Due Date': '2024-03-31', Total: 2450.75, Tax: 20, Currency: 'USD' });
  });

  it('reads a CSV of label/value rows (quoted cells with commas)', async () => {
    const csv = 'Invoice Number,CSV-3003\nInvoice Date,2024-05-01\nVendor,"Blue Sky, Inc."\nSubtotal,"1,000.00"\nTax,50.00\nTotal,"1,050.00"\nCurrency,USD\n';
    const up = await upload(svc, 'export.csv', 'text/csv', csv);
    const [file] = completed(up);
    const { v } = await values(svc, file.fileId);
    expect(v).toMatchObject({ 'Invoice Number': 'CSV-3003', 'Invoice Date': '2024-05-01', 'Vendor Name': 'Blue Sky, Inc.', Total: 1050, Tax: 50, Currency: 'USD' });
  });

  it('splits a workbook by worksheet with isSplitExcel: one file per sheet, each with its own values', async () => {
    const sheet = (number: string, total: number) => [['Invoice Number', number], ['Invoice Date', '2024-04-02'], ['Vendor', 'Globex GmbH'], ['Total', total], ['Currency', 'EUR']];
    const xlsx = await workbook([{ name: 'March', rows: sheet('XL-0301', 410.25) }, { name: 'April', rows: sheet('XL-0402', 99.9) }]);
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const up = await upload(svc, 'book.xlsx', type, xlsx, { isSplitExcel: true });
    const files = completed(up);
    expect(files.map((f) => [f.fileName, f.status])).toEqual([['book - March.xlsx', 'processed'], ['book - April.xlsx', 'processed']]);
    const got = await Promise.all(files.map(async (f) => (await values(svc, f.fileId)).v));
    expect(got[0]).toMatchObject({ 'Invoice Number': 'XL-0301', Total: 410.25, 'Vendor Name': 'Globex GmbH', Currency: 'EUR', 'Invoice Date': '2024-04-02' });
    expect(got[1]).toMatchObject({ 'Invoice Number': 'XL-0402', Total: 99.9, 'Vendor Name': 'Globex GmbH', Currency: 'EUR' });

    // Without the flag the workbook stays one file.
    const whole = await upload(svc, 'book.xlsx', type, xlsx);
    expect(completed(whole).map((f) => f.fileName)).toEqual(['book.xlsx']);
  });
});

describe('cross-checks', () => {
  it('of two candidate totals picks the one that equals subtotal + tax', async () => {
    const head = ['Harbour Tools Ltd', 'INVOICE', 'Invoice Number: HT-2210', 'Invoice Date: 2024-06-03', ''];
    const tail = ['Total: 120.00', 'Previous balance: 15.00', 'Amount Due: 135.00 GBP'];
    const checked = await upload(svc, 'statement.txt', 'text/plain', [...head, 'Subtotal: 100.00', 'VAT 20%: 20.00', ...tail].join('\n'));
    const { v } = await values(svc, completed(checked)[0].fileId);
    expect(v).toMatchObject({ 'Invoice Number': 'HT-2210', Total: 120, Tax: 20, Currency: 'GBP' });
    // Control: with nothing to check against, the later, better-labelled "Amount Due" wins, so
    // it is the cross-check above that chose 120.
    const unchecked = await upload(svc, 'statement.txt', 'text/plain', [...head, ...tail].join('\n'));
    expect((await values(svc, completed(unchecked)[0].fileId)).v['Total']).toBe(135);
  });
});

describe('ZIP archives', () => {
  it('turn every entry into its own file: folders flattened, names sanitised, traversal cut off', async () => {
    const archive = await zip(
      [
        { name: 'march/week1/first.txt', bytes: receipt('ZIP-0001', '100.00') },
        { name: 'second.csv', bytes: 'Invoice Number,ZIP-0002\nTotal,200.00\n' },
        { name: 'scans/third.pdf', bytes: await invoicePdf([invoice('ZIP-0003', 250)]) },
        { name: 'odd<na|me>?.txt', bytes: receipt('ZIP-0004', '400.00') },
        { name: 'zz/evil.txt', bytes: receipt('ZIP-0005', '500.00') },
        { name: '__MACOSX/._first.txt', bytes: 'resource fork' },
      ],
      { 'zz/evil.txt': '../evil.txt' },
    );
    expect(archive.includes('../evil.txt')).toBe(true);
    const up = await upload(svc, 'batch.zip', 'application/zip', archive);
    const files = completed(up);
    expect(files.map((f) => [f.fileName, f.status])).toEqual([
      ['first.txt', 'processed'],
      ['second.csv', 'processed'],
      ['third.pdf', 'processed'],
      ['odd_na_me__.txt', 'processed'],
      ['evil.txt', 'processed'],
    ]);
    expect(files.map((f) => f.fileType)).toEqual(['text/plain', 'text/csv', 'application/pdf', 'text/plain', 'text/plain']);
    const numbers = await Promise.all(files.map(async (f) => (await values(svc, f.fileId)).v));
    expect(numbers.map((v) => [v['Invoice Number'], v['Total']])).toEqual([
      ['ZIP-0001', 100], ['ZIP-0002', 200], ['ZIP-0003', 300], ['ZIP-0004', 400], ['ZIP-0005', 500],
    ]);
    // Nothing was written beside the data folder under the traversal name.
    expect(fs.existsSync(path.join(svc.dataDir, '..', 'evil.txt'))).toBe(false);
    expect(files.every((f) => f.zipArchiveName === undefined)).toBe(true);
  });

  it('with retainOriginalZipFileName expose the sanitised archive name as zipArchiveName', async () => {
    const archive = await zip([{ name: 'a.txt', bytes: receipt('ZIP-0101', '10.00') }, { name: 'b.txt', bytes: receipt('ZIP-0102', '20.00') }]);
    const up = await upload(svc, '..Q1 invoices.zip ', 'application/zip', archive, { retainOriginalZipFileName: true });
    const files = completed(up);
    expect(files.map((f) => [f.fileName, f.zipArchiveName])).toEqual([['a.txt', 'Q1 invoices.zip'], ['b.txt', 'Q1 invoices.zip']]);
    expect((await values(svc, files[1].fileId)).v['Invoice Number']).toBe('ZIP-0102');
  });

  it('reject a zip bomb with a clear reason', async () => {
    // 40 MB of zeros deflate to about 40 kB: a ratio no document has.
    const archive = await zip([{ name: 'ok.txt', bytes: receipt('ZIP-0201', '1.00') }, { name: 'zeros.txt', bytes: Buffer.alloc(40 * 1024 * 1024) }]);
    expect(archive.length).toBeLessThan(200_000);
    failedWith(await upload(svc, 'bomb.zip', 'application/zip', archive), /ZIP entry "zeros\.txt" is too large when unpacked/);
  });

  it('reject an archive of too many entries with a clear reason', async () => {
    const archive = await zip(Array.from({ length: 501 }, (_, i) => ({ name: `n${i}.txt`, bytes: `note ${i}`, store: true })));
    failedWith(await upload(svc, 'many.zip', 'application/zip', archive), /more than 500 files/);
  });
});

describe('files that cannot be read', () => {
  it('fail with a clear reason and the service keeps working', async () => {
    const corrupt = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog'), Buffer.alloc(300, 0x37)]);
    failedWith(await upload(svc, 'broken.pdf', 'application/pdf', corrupt), /^The PDF is damaged or not a PDF/);
    failedWith(await upload(svc, 'locked.pdf', 'application/pdf', encryptedPdf()), /^The PDF is password-protected and cannot be read\.$/);
    failedWith(await upload(svc, 'data.bin', 'application/octet-stream', Buffer.from([0, 1, 2, 3, 250, 251, 0, 9, 0, 0])), /^Unsupported file type: data\.bin/);

    const after = await upload(svc, 'after.txt', 'text/plain', receipt('INV-9009', '9.99'));
    expect((await values(svc, completed(after)[0].fileId)).v).toMatchObject({ 'Invoice Number': 'INV-9009', Total: 9.99 });
    expect((await svc.request('GET', '/prod/v1/files?limit=1')).status).toBe(200);
  });
});

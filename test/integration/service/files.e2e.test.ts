// The files routes on a file that went through the real upload: ticket, presigned PUT, pipeline.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobPath } from '../../../src/service/store/blobs.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { INVOICE_TEXT, settled, uploadText } from './uploadHelpers.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => svc.close());

describe('files end to end: upload, values, update, preview, delete', () => {
  it('reads, corrects, previews and deletes an uploaded invoice', async () => {
    const t = await uploadText(svc, INVOICE_TEXT);
    const status = await settled(svc, t.uploadId);
    expect(status.body.status).toBe('completed');
    const file = status.body.files[0];

    const values = await svc.request('GET', `/prod/v1/files/${file.fileId}/values`);
    expect(values.status).toBe(200);
    expect(values.body.values).toMatchObject({ count: 1, currentPage: 1 });
    const entry = values.body.values.formValues[0];
    expect(entry).toMatchObject({ fileId: file.fileId, fileName: 'invoice.txt', documentId: file.documentId });
    const total = entry.fields.find((f: { title: string }) => f.title === 'Total');
    expect(total).toMatchObject({ type: 'number', value: 120.5 });

    const patched = await svc.request('PATCH', `/prod/v1/files/${file.fileId}/values`, {
      body: { schemaValueId: entry.id, fields: [{ title: 'Total', value: 121 }, { title: 'Vendor Name', value: 'ACME Supplies Ltd.' }] },
    });
    expect(patched.status).toBe(200);
    const reread = (await svc.request('GET', `/prod/v1/files/${file.fileId}/values`)).body.values.formValues[0];
    const byTitle = Object.fromEntries(reread.fields.map((f: { title: string; value: unknown }) => [f.title, f.value]));
    expect(byTitle).toMatchObject({ Total: 121, 'Vendor Name': 'ACME Supplies Ltd.', 'Invoice Number': 'INV-1042' });
    // The update answers the entry as a read then shows it.
    expect(patched.body).toEqual({ success: true, formValue: reread });

    // The ticket's storagePath is the file's (decisions 5).
    expect(file.fileStoragePath).toBe(t.storagePath);
    const preview = await svc.request('POST', '/prod/v1/files/preview', { body: { storagePath: t.storagePath } });
    expect(preview.status).toBe(200);
    const got = await fetch(preview.body.signedUrl);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('text/plain');
    expect(await got.text()).toBe(INVOICE_TEXT);

    const deleted = await svc.request('DELETE', '/prod/v1/files', { body: { fileIds: file.fileId } });
    expect(deleted.body).toEqual({ success: true });
    expect((await svc.request('GET', `/prod/v1/files/${file.fileId}/values`)).status).toBe(404);
    expect((await svc.request('GET', `/prod/v1/files?fileIds=${file.fileId}`)).body.files).toEqual([]);
    expect((await fetch(preview.body.signedUrl)).status).toBe(404);
    expect(fs.existsSync(blobPath(svc.dataDir, file.fileHash))).toBe(false);
    const pages = svc.service.db.prepare('SELECT COUNT(*) FROM document_pages WHERE file_id = ?').pluck().get(file.fileId);
    expect(pages).toBe(0);
  });
});

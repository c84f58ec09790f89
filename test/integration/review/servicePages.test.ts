// The local service's review extensions (issue 16): each value's confidence and source (page and
// box) on its formValues field, the words of each page, and a correction's confidence of 1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { invoice, invoicePdf } from '../service/processingFixtures.js';
import { put, settled, ticket } from '../service/uploadHelpers.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());

async function processed(pdf: Buffer) {
  const t = await ticket(svc, { fileName: 'nw.pdf', fileType: 'application/pdf' });
  expect((await put(t.presignedUploadURL, pdf, { 'content-type': 'application/pdf' })).status).toBe(200);
  const done = await settled(svc, t.uploadId);
  const fileId = done.body.files[0].fileId as string;
  const values = await svc.request('GET', `/prod/v1/files/${fileId}/values`);
  return { fileId, entry: values.body.values.formValues[0] };
}

describe('review extensions of the local service', () => {
  it('says where each value was read, and answers the words of each page with their boxes', async () => {
    const { fileId, entry } = await processed(await invoicePdf([invoice('NW-77', 100)]));
    const total = entry.fields.find((f: { title: string }) => f.title === 'Total');
    expect(total.value).toBe(120);
    expect(total.confidence).toEqual(expect.any(Number));
    expect(total.source.page).toBe(1);
    const [x0, y0, x1, y1] = total.source.box as number[];
    // The total is printed at the right, low on the page (x 470 of 595, y 270 of 360).
    expect(x0).toBeGreaterThan(0.7);
    expect(y0).toBeGreaterThan(0.6);
    expect(x1).toBeGreaterThan(x0);
    expect(y1).toBeGreaterThan(y0);
    const pages = await svc.request('GET', `/prod/v1/files/${fileId}/pages`);
    expect(pages.status).toBe(200);
    const words = pages.body.pages[0].words as Array<{ text: string; box: number[] }>;
    const word = words.find((w) => w.text === '120.00')!;
    expect(word.box).toEqual(total.source.box);
    expect((await svc.request('GET', '/prod/v1/files/00000000-0000-4000-8000-000000000000/pages')).status).toBe(404);
  });

  it('gives a corrected value a confidence of 1', async () => {
    const { fileId, entry } = await processed(await invoicePdf([invoice('NW-78', 200)]));
    const res = await svc.request('PATCH', `/prod/v1/files/${fileId}/values`, { body: { schemaValueId: entry.id, fields: [{ title: 'Total', value: 241 }] } });
    expect(res.status).toBe(200);
    expect(res.body.formValue.fields.find((f: { title: string }) => f.title === 'Total')).toMatchObject({ value: 241, confidence: 1 });
  });
});

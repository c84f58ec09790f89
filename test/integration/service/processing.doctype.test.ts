// Document type first, end to end through the HTTP API: a generated letter (.docx), meeting
// note (.txt) and delivery note (PDF) are processed with the default Invoice file type, their
// values entries say what they are (`documentType`) and every invoice field is empty; an
// invoice next to them is still read and typed as one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../fixtures/corpus/data.js';
import { otherDoc, type OtherKind } from '../../fixtures/corpus/others.js';
import { businessDoc } from '../../fixtures/corpus/business.js';
import { closeProcessing } from '../../../src/service/processing/engine.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { upload, values } from './processingFixtures.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
  await closeProcessing();
});

describe('documents that are not invoices', () => {
  const cases: [OtherKind, boolean][] = [['letter', true], ['note', false], ['delivery_note', false]];
  for (const [kind, docx] of cases) {
    it(`types a ${kind}${docx ? ' (.docx)' : ''} as such and leaves the invoice fields empty`, async () => {
      const d = await otherDoc(kind, new Rng(42), docx);
      const up = await upload(svc, `${kind}.${d.ext}`, d.mediaType, Buffer.from(d.bytes));
      expect(up.body.status).toBe('completed');
      expect(up.files).toHaveLength(1);
      const { v, entry } = await values(svc, up.files[0].fileId);
      expect(entry.documentType).toBe(kind);
      expect(entry.schemaName).toBe('Invoice');
      expect(Object.values(v).every((x) => x === null)).toBe(true);
    });
  }

  it('types an invoice as an invoice and reads it', async () => {
    const d = await businessDoc('terms', new Rng(5));
    const up = await upload(svc, 'invoice.pdf', 'application/pdf', Buffer.from(d.bytes));
    const { v, entry } = await values(svc, up.files[0].fileId);
    expect(entry.documentType).toBe('invoice');
    expect(v['Invoice Date']).toBe(d.truth.invoice_date);
  });
});

// A small invoice corpus uploaded as text through the API, with the facts the answer tests
// check against.
import type { TestService } from '../../../src/service/testing.js';
import { settled, uploadText } from '../service/uploadHelpers.js';

export interface CorpusInvoice {
  vendor: string;
  number: string;
  date: string;
  due: string;
  total: string;
  tax: string;
  lines: string[];
}

export const INVOICES: CorpusInvoice[] = [
  { vendor: 'ACME Supplies Ltd', number: 'INV-1001', date: '2024-01-15', due: '2024-02-14', total: '1,200.00', tax: '200.00', lines: ['Office chairs x4', 'Payment terms: Net 30'] },
  { vendor: 'ACME Supplies Ltd', number: 'INV-1002', date: '2024-03-05', due: '2024-04-04', total: '450.50', tax: '75.08', lines: ['Printer paper, 20 boxes'] },
  { vendor: 'Globex Corporation', number: 'GX-2024-77', date: '2024-03-20', due: '2024-04-19', total: '3,000.00', tax: '500.00', lines: ['Item: Consulting services for March'] },
  { vendor: 'Initech LLC', number: 'IT-555', date: '2024-02-10', due: '2024-03-11', total: '89.99', tax: '15.00', lines: ['TPS report covers'] },
  { vendor: 'Umbrella Corp', number: 'UMB-9', date: '2024-04-02', due: '2099-05-02', total: '640.00', tax: '106.67', lines: ['Laboratory gloves'] },
  { vendor: 'Stark Industries', number: 'SI-314', date: '2024-03-28', due: '2099-04-27', total: '15,000.00', tax: '2,500.00', lines: ['Arc reactor maintenance'] },
];

export const invoiceText = (inv: CorpusInvoice): string =>
  [
    inv.vendor,
    'INVOICE',
    `Invoice Number: ${inv.number}`,
    `Invoice Date: ${inv.date}`,
    `Due Date: ${inv.due}`,
    ...inv.lines,
    `Tax: ${inv.tax}`,
    `Total: ${inv.total} USD`,
    '',
  ].join('\n');

export interface UploadedInvoice extends CorpusInvoice {
  fileId: string;
  documentId: string;
}

/** Upload every invoice (optionally into a directory) and wait until each is processed. */
export async function uploadCorpus(svc: TestService, invoices = INVOICES, extra: (i: number) => Record<string, unknown> = () => ({})): Promise<UploadedInvoice[]> {
  const out: UploadedInvoice[] = [];
  for (const [i, inv] of invoices.entries()) {
    const t = await uploadText(svc, invoiceText(inv), { fileName: `${inv.number}.txt`, ...extra(i) });
    const done = await settled(svc, t.uploadId);
    if (done.body.status !== 'completed') throw new Error(`upload ${inv.number}: ${JSON.stringify(done.body)}`);
    const fileId = done.body.files[0].fileId as string;
    const values = await svc.request('GET', `/prod/v1/files/${fileId}/values`);
    out.push({ ...inv, fileId, documentId: values.body.values.formValues[0].documentId });
  }
  return out;
}

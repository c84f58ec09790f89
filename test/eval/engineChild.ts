// Child process of the eval (evaluate.ts, loadCorpus): the service's processing engine alone,
// reading the corpus as the service reads uploads (processFile: pages, OCR, extraction, the
// accent pass; two documents at a time, the service's processingConcurrency). Its time, CPU
// and peak memory are what a service pays for these documents; the eval process, which holds
// the corpora and trains rankers, is not in them. Each document's page layouts go to the eval's
// page cache (pages.ts), from which the eval reads them.
// argv: <job.json> <out.json>; job = { docs: CorpusDoc[], concurrency }.
import fs from 'node:fs';
import { closeProcessing, processFile } from '../../src/service/processing/engine.js';
import type { CorpusDoc } from './manifest.js';
import { inputOf, savePages } from './pages.js';
import { EVAL_SCHEMA } from './score.js';

const [jobFile, outFile] = process.argv.slice(2);
const job = JSON.parse(fs.readFileSync(jobFile!, 'utf8')) as { docs: CorpusDoc[]; concurrency: number };
const errors: string[] = [];
const byKind: Record<string, { documents: number; pages: number; seconds: number; cpuSeconds: number }> = {};
// Text PDFs, then scans, each timed on its own: the targets differ (issue 15).
for (const kind of ['text', 'scan']) {
  const docs = job.docs.filter((d) => d.kind === kind);
  if (!docs.length) continue;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let pages = 0;
  let next = 0;
  await Promise.all(Array.from({ length: job.concurrency }, async () => {
    for (let i = next++; i < docs.length; i = next++) {
      const doc = docs[i]!;
      const onLayouts = (read: Parameters<typeof savePages>[1]) => {
        pages += read.length;
        savePages(doc, read);
      };
      await processFile({ ...inputOf(doc), schema: EVAL_SCHEMA, onLayouts }).catch((err: Error) => errors.push(`${doc.id}: ${err.message}`));
    }
  }));
  const cpu = process.cpuUsage(c0);
  byKind[kind] = { documents: docs.length, pages, seconds: (performance.now() - t0) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}
const peakRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
await closeProcessing();
fs.writeFileSync(outFile!, JSON.stringify({ byKind, peakRssMB, errors }));

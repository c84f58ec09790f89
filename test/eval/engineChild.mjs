// Child process of the eval (evaluate.ts, loadCorpus): the service's processing engine alone,
// reading the corpus as the service reads uploads (processFile: pages, OCR, extraction, the
// accent pass; two documents at a time, the service's processingConcurrency). Its time, CPU
// and peak memory are what a service pays for these documents; the eval process, which holds
// the corpora and trains rankers, is not in them. Plain JavaScript, so that with the compiled
// engine (dist/, what `npm start` and the tray app run) no TypeScript loader is in the process:
// tsx's loader alone costs pdf.js about 330 MB (docs/ocr.md, Memory). Each document's page
// layouts go to the eval's page cache (the file named in the job), from which the eval reads them.
// argv: <job.json> <out.json>; job = { engine, schema, concurrency, docs: [{ id, kind, input, cacheFile }] }.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [jobFile, outFile] = process.argv.slice(2);
const job = JSON.parse(fs.readFileSync(jobFile, 'utf8'));
const { closeProcessing, processFile } = await import(pathToFileURL(job.engine).href);
const errors = [];
const byKind = {};
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
      const doc = docs[i];
      const onLayouts = (read) => {
        pages += read.length;
        fs.mkdirSync(path.dirname(doc.cacheFile), { recursive: true });
        fs.writeFileSync(doc.cacheFile, JSON.stringify(read));
      };
      await processFile({ ...doc.input, schema: job.schema, onLayouts }).catch((err) => errors.push(`${doc.id}: ${err.message}`));
    }
  }));
  const cpu = process.cpuUsage(c0);
  byKind[kind] = { documents: docs.length, pages, seconds: (performance.now() - t0) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}
const peakRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
await closeProcessing();
fs.writeFileSync(outFile, JSON.stringify({ byKind, peakRssMB, errors }));

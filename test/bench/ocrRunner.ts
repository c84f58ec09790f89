// Child process of ocr.bench.ts: reads the given images with one engine, so its
// startup, CPU time and peak memory are that engine's alone.
// argv: <job.json> <out.json>; job = { engine, files: [{ id, file }], concurrency }.
// CPU time is process.cpuUsage(): every thread of the process, so tesseract's
// worker threads, onnxruntime's and libvips' pools are all counted.
import fs from 'node:fs';
import sharp from 'sharp';
import type { PageLayout } from '../../src/service/processing/layout/model.js';
import { ocrImage, prepareImage, type OcrEngine } from '../../src/service/processing/ocr/recognize.js';
import { paddleModels } from '../../src/service/processing/ocr/paddle.js';
import { cellBox } from '../../src/service/processing/pageWords.js';
import { shutdownOcr, withWorker } from '../../src/service/processing/ocr/pool.js';

interface Job {
  engine: OcrEngine;
  files: { id: string; file: string }[];
  concurrency: number;
}

const [jobFile, outFile] = process.argv.slice(2);
const job = JSON.parse(fs.readFileSync(jobFile!, 'utf8')) as Job;
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

const cpuSeconds = (c: NodeJS.CpuUsage): number => (c.user + c.system) / 1e6;

// Startup: what the service pays on its first page (workers or sessions loaded).
const s0 = process.cpuUsage();
const t0 = performance.now();
if (job.engine === 'paddle') await paddleModels();
else await withWorker(['eng'], async () => undefined);
const startup = { wallS: (performance.now() - t0) / 1000, cpuS: cpuSeconds(process.cpuUsage(s0)) };

// Pages are read as the service does: each file as an image upload, `concurrency` at a time.
const pages: { id: string; cells: { text: string; x0: number; x1: number; y0: number; y1: number }[]; quality: number; error?: string }[] = [];
const c0 = process.cpuUsage();
const w0 = performance.now();
let next = 0;
async function lane(): Promise<void> {
  while (next < job.files.length) {
    const { id, file } = job.files[next++]!;
    try {
      const image = await prepareImage(fs.readFileSync(file));
      const page: PageLayout = await ocrImage(image, ['eng'], 1, job.engine);
      // Boxes as a reviewer sees them over the image (turned back if OCR straightened or turned the
      // page; tesseract reads small pages upscaled), in the image's pixels, as the truth is.
      const meta = await sharp(image).metadata();
      const [W, H] = [meta.width ?? page.width, meta.height ?? page.height];
      const cells = page.lines.flatMap((l) => l.cells.map((c) => {
        const [x0, y0, x1, y1] = cellBox(page, l, c);
        return { text: c.text, x0: x0 * W, x1: x1 * W, y0: y0 * H, y1: y1 * H };
      }));
      pages.push({ id, cells, quality: page.quality });
    } catch (err) {
      pages.push({ id, cells: [], quality: 0, error: (err as Error).message });
    }
  }
}
await Promise.all(Array.from({ length: job.concurrency }, lane));
const run = { wallS: (performance.now() - w0) / 1000, cpuS: cpuSeconds(process.cpuUsage(c0)) };
clearInterval(sampler);
await shutdownOcr();
fs.writeFileSync(outFile!, JSON.stringify({ startup, run, peakRssMb: peakRss / 2 ** 20, pages }));
process.exit(0);

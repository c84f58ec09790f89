// The OCR's memory (issue 15: the service at most 1 GB while it reads): the page image is one grey
// channel, and an onnxruntime worker frees what each run leaves behind.
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeProcessing } from '../../../src/service/processing/engine.js';
import { paddleDict, paddleGraphs, paddleModels } from '../../../src/service/processing/ocr/paddle.js';
import { detectOrientation, osdRunning } from '../../../src/service/processing/ocr/pool.js';
import { PNG_FAST, prepareImage } from '../../../src/service/processing/ocr/recognize.js';
import { generatedDocument, HELD_OUT13_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { drawnPage } from './helpers.js';

afterAll(async () => {
  await closeProcessing();
});

describe('OCR memory', () => {
  it('prepares a scan as one grey channel with the grey levels of the three-channel PNG, which OSD reads the same', { timeout: 120_000 }, async () => {
    // A photo taken upside down (document 31 of the thirteenth held-out set, as ocr-turned.test.ts).
    const made = await generatedDocument(HELD_OUT13_FAMILY_NAMES, 30);
    const bytes = Buffer.from(made.bytes);
    const page = await prepareImage(bytes);
    // As prepareImage wrote it before: sharp's greyscale as three equal sRGB channels.
    const before = await sharp(bytes).rotate().resize({ width: 3400, height: 3400, fit: 'inside', withoutEnlargement: true }).grayscale().png(PNG_FAST).toBuffer();
    const [now, then] = await Promise.all([sharp(page).metadata(), sharp(before).metadata()]);
    expect(then.channels).toBe(3);
    expect(now.channels).toBe(1);
    expect(now.density).toBe(then.density);
    expect(page.length).toBeLessThan(before.length * 0.7);
    // What PaddleOCR reads (paddle.ts paddleRead) is the same grey, pixel for pixel.
    const grey = (png: Buffer) => sharp(png).flatten({ background: '#ffffff' }).grayscale().raw().toBuffer({ resolveWithObject: true });
    const [a, b] = await Promise.all([grey(page), grey(before)]);
    expect(a.info).toEqual(b.info);
    expect(a.data.equals(b.data)).toBe(true);
    // tesseract's OSD finds the same turn with the same confidence (it holds the page at 8 bits a pixel now, not 32).
    const osdNow = await detectOrientation(page);
    expect(osdNow).toEqual(await detectOrientation(before));
    expect(osdNow.degrees).toBe(180);
  });

  it('stops the OSD worker once it has been idle for 10 seconds', { timeout: 120_000 }, async () => {
    const png = await prepareImage(await drawnPage(800, 600, '28px sans-serif', [['Invoice 2024-117', 40, 80], ['Total 1,234.50', 40, 160]]));
    // No OSD worker nor idle timer left by the test before (its timer is a real one, which the faked clock would not clear).
    await closeProcessing();
    // The idle timer is pool.ts's own setTimeout, on a faked clock: the seconds pass at once (the OSD worker reads
    // its pages for real, in its thread, and the idle time counts from the end of each read as before).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await detectOrientation(png);
      expect(osdRunning()).toBe(true);
      vi.advanceTimersByTime(5_000);
      await detectOrientation(png);
      vi.advanceTimersByTime(6_000);
      // 11 s after the first page, 6 s after the second: still there.
      expect(osdRunning()).toBe(true);
      vi.advanceTimersByTime(3_990);
      expect(osdRunning()).toBe(true);
      vi.advanceTimersByTime(10);
      expect(osdRunning()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an onnxruntime worker frees its model\'s bytes once loaded, and the inputs of its runs as it goes', { timeout: 180_000 }, async () => {
    // The recogniser as production runs it (rewritten, ending in ctcTail's three numbers a column).
    const [, rec] = await paddleGraphs(await paddleDict());
    const options = { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all', enableMemPattern: false };
    const worker = new Worker(new URL('../../../src/service/processing/ocr/ortWorker.mjs', import.meta.url), { workerData: { models: { rec }, options } });
    const next = () => new Promise<Record<string, unknown>>((resolve) => worker.once('message', resolve));
    const reading = async () => (worker.postMessage({ memory: true }), ((await next()) as { memory: NodeJS.MemoryUsage }).memory);
    try {
      await next();
      // The model's bytes (10 MB, a copy of workerData's) are let go once its session holds the model. V8 sweeps
      // dead ArrayBuffers on a background thread, so the count drops some time after the worker's collection
      // (0 to 200 ms, measured): the lowest of readings 100 ms apart, until one is no lower (bytes still held
      // would stay in every one).
      let loaded = (await reading()).arrayBuffers;
      for (let i = 0; i < 10; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const now = (await reading()).arrayBuffers;
        if (now >= loaded) break;
        loaded = now;
      }
      expect(loaded).toBeLessThan(rec.byteLength / 4);
      // 40 lines of 1,920 columns: 1.1 MB of input each, 44 MB in all; each answer 240 columns of 12 bytes.
      let answered = 0;
      for (let i = 0; i < 40; i++) {
        const input = new Float32Array(3 * 48 * 1920).fill(i % 2 ? 0.8 : -0.8);
        worker.postMessage({ model: 'rec', data: input, dims: [1, 3, 48, 1920] }, [input.buffer]);
        const answer = await next();
        expect(answer.error).toBeUndefined();
        answered += (answer.data as Float32Array).byteLength;
      }
      expect(answered).toBe(40 * 240 * 3 * 4);
      // An input handed to the worker is held by the worker's heap (its `external` memory; `arrayBuffers` counts
      // what a thread's allocator made, and the inputs were made here). Left to V8, the dead inputs stay until
      // their external memory forces a collection: 36 MB at the end here, measured, against 13 MB.
      expect((await reading()).external).toBeLessThan(24 * 1024 * 1024);
    } finally {
      await worker.terminate();
    }
  });

  it('makes a page\'s detector input only when the detector takes it, not while the page waits for it', { timeout: 120_000 }, async () => {
    const m = await paddleModels();
    const made: number[] = [];
    const input = (k: number) => () => (made.push(k), new Float32Array(3 * 64 * 64).fill(0.5));
    const first = m.run('det', input(1), [1, 3, 64, 64]);
    const second = m.run('det', input(2), [1, 3, 64, 64]);
    // One detector: the second page waits, holding its grey pixels, not its float input (22 MB on A4).
    expect(made).toEqual([1]);
    await first;
    expect(made).toEqual([1, 2]);
    expect((await second).dims).toEqual([1, 1, 64, 64]);
  });
});

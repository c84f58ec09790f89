// A page drawn on a canvas is encoded to PNG on libuv's thread pool. With @napi-rs/canvas 0.1, a
// canvas that nothing refers to once encode() is called can be collected before the pool gets to
// it, and the encoder then reads freed memory: the process dies of SIGSEGV (Brooooooklyn/canvas#1312;
// a CI test worker died of it). encodePng keeps the canvas until its PNG is done. The page view (renderPdfPage)
// is run in a child process, with the pool kept busy and the collector forced, as the crash would
// take the test worker with it.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const SCRIPT = `
import { pbkdf2 } from 'node:crypto';
import { PDFDocument, rgb } from 'pdf-lib';
import { openPdf } from './src/service/processing/loaders/pdf.ts';
import { renderPdfPage } from './src/service/processing/loaders/render.ts';
const pdf = await PDFDocument.create();
for (let k = 0; k < 8; k++) pdf.addPage([595, 842]).drawRectangle({ x: 0, y: 0, width: 595, height: 842, color: rgb(k / 8, 0.1, 0.1) });
const doc = await openPdf(await pdf.save());
const sizes = [];
for (let round = 0; round < 3; round++) {
  const busy = Array.from({ length: 4 }, () => new Promise((done) => pbkdf2('a', 'b', 300000, 32, 'sha512', done)));
  const pngs = Array.from({ length: 8 }, (_, k) => renderPdfPage(doc, k + 1));
  for (let i = 0; i < 10; i++) {
    globalThis.gc();
    Array.from({ length: 20 }, () => Buffer.alloc(16e6, 1));
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(busy);
  for (const png of await Promise.all(pngs)) sizes.push(png.subarray(1, 4).toString() + ':' + png.length);
}
console.log(JSON.stringify(sizes));
`;

describe('a PDF page rendered to PNG', () => {
  it('survives its canvas being let go before the PNG is written, while the thread pool is busy and the collector runs', { timeout: 120_000 }, () => {
    const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', SCRIPT], { encoding: 'utf8', timeout: 110_000 });
    expect(r.signal, r.stderr).toBeNull();
    expect(r.status, r.stderr).toBe(0);
    const sizes = JSON.parse(r.stdout) as string[];
    expect(sizes).toHaveLength(24);
    expect(sizes.every((s) => s.startsWith('PNG:'))).toBe(true);
  });
});

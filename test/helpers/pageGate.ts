// Holds the local service's processing at a page of a long document, so a test can look at the
// progress a person would see in between without timing anything: the real engine (real OCR)
// runs, and each page report waits until the test lets it pass.
import { processFile } from '../../src/service/processing/engine.js';
import type { ProcessInput, ProcessResult } from '../../src/service/processing/types.js';
import { imagePdf, invoice, invoicePdf, renderPages, scanLook } from '../integration/service/processingFixtures.js';

export class PageGate {
  /** Reports with `done` up to this are recorded; those below it go on, the one at it is held. */
  private allowed = 0;
  private waiting: Array<{ passes: (allowed: number) => boolean; go: () => void }> = [];

  /** The service's `processor`: the real engine, its page reports held at the gate. */
  readonly processor = (input: ProcessInput): Promise<ProcessResult> =>
    processFile({
      ...input,
      onPage: async (done, total) => {
        await this.until((allowed) => done <= allowed);
        await input.onPage?.(done, total); // recorded: the test sees it while the run waits
        await this.until((allowed) => done < allowed);
      },
    });

  /** Records the page reports up to `n` and holds the run at `n` (Infinity: lets everything go). */
  allow(n: number): void {
    this.allowed = n;
    const passing = this.waiting.filter((w) => w.passes(n));
    this.waiting = this.waiting.filter((w) => !w.passes(n));
    passing.forEach((w) => w.go());
  }

  private until(passes: (allowed: number) => boolean): Promise<void> {
    if (passes(this.allowed)) return Promise.resolve();
    return new Promise((go) => this.waiting.push({ passes, go }));
  }
}

/** An image-only PDF of `pages` short scanned invoice pages (150 dpi, JPEG): each page is OCR'd. */
export async function scannedPdf(pages: number, number = 'LONG-7001'): Promise<Buffer> {
  const specs = Array.from({ length: pages }, (_, i) => invoice(number, 100 + i, { footer: `Page ${i + 1} of ${pages}` }));
  const pngs = await renderPages(await invoicePdf(specs), 150);
  return imagePdf(await Promise.all(pngs.map(async (p) => ({ jpeg: await scanLook(p) }))));
}

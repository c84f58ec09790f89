import fs from 'node:fs';
import { tryOpen } from './settle.js';

/**
 * Files that exist but cannot be read (permissions). Each is listed as failed with the reason; a
 * slow timer tries to open them again, and hands back those that open to be settled and sent.
 * The timer runs only while there are such files.
 */
export class UnreadableFiles {
  private readonly paths = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;

  constructor(
    private readonly intervalMs: number,
    private readonly readable: (absPath: string) => void,
  ) {}

  add(absPath: string): void {
    this.paths.add(absPath);
    this.timer ??= setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      for (const p of [...this.paths]) {
        if (!fs.existsSync(p)) this.paths.delete(p); // gone: its deletion is handled by the folder
        else if ((await tryOpen(p)) === 'ok' && this.paths.delete(p)) this.readable(p);
      }
    } finally {
      this.ticking = false;
      if (this.paths.size === 0) this.stop();
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

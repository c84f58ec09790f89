import fs from 'node:fs';

/**
 * Whether a watched folder is there, looked at every few seconds. A folder deleted and created
 * again is another directory (another inode): the watcher of the old one hears nothing more, so
 * the folder must be watched anew. An unplugged drive or an unmounted share looks the same.
 */
export class FolderPresence {
  private timer: NodeJS.Timeout | null = null;
  private ino: number | null;

  constructor(
    private readonly dir: string,
    private readonly intervalMs: number,
    /** `present` false: gone; true: there again, or replaced by another folder of the same name. */
    private readonly onChange: (present: boolean) => void,
  ) {
    this.ino = this.look();
  }

  /** The folder's inode, or null when it is not there (or not a folder). */
  private look(): number | null {
    try {
      const st = fs.statSync(this.dir, { throwIfNoEntry: false });
      return st?.isDirectory() ? st.ino : null;
    } catch {
      return null; // unreadable: as good as missing
    }
  }

  get present(): boolean {
    return this.ino !== null;
  }

  start(): void {
    this.timer ??= setInterval(() => this.check(), this.intervalMs);
    this.timer.unref();
  }

  check(): void {
    const now = this.look();
    if (now === this.ino) return;
    this.ino = now;
    this.onChange(now !== null);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

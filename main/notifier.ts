// Failure notifications: grouped per folder and rate-limited, so a bad batch of 200
// files gives one "200 files failed in Invoices" and not 200 pop-ups.

export interface Failure {
  folder: string;
  file: string;
  reason: string;
}

export interface Notice {
  folder: string;
  title: string;
  body: string;
}

export class NotificationGate {
  private readonly pending = new Map<string, Failure[]>();
  private readonly lastShown = new Map<string, number>();

  constructor(
    private readonly minIntervalMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  add(failure: Failure): void {
    const list = this.pending.get(failure.folder) ?? [];
    list.push(failure);
    this.pending.set(failure.folder, list);
  }

  /** Notices due now: at most one per folder per interval, each summarising what gathered. */
  flush(): Notice[] {
    const notices: Notice[] = [];
    for (const [folder, failures] of this.pending) {
      const last = this.lastShown.get(folder);
      if (last !== undefined && this.now() - last < this.minIntervalMs) continue;
      this.pending.delete(folder);
      this.lastShown.set(folder, this.now());
      const name = folder.split(/[\\/]/).filter(Boolean).pop() ?? folder;
      notices.push(
        failures.length === 1
          ? { folder, title: `docsync: a file failed in ${name}`, body: `${failures[0]!.file}: ${failures[0]!.reason}` }
          : { folder, title: `docsync: ${failures.length} files failed in ${name}`, body: `First: ${failures[0]!.file}: ${failures[0]!.reason}` },
      );
    }
    return notices;
  }
}

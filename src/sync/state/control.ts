import type { Db } from './db.js';

/** Pause flags and requests: how the CLI talks to a running daemon through the database. */
export class ControlStore {
  /** Compiled once: the daemon reads it every second, and `db.pragma` compiles its statement at each call. */
  private readonly version;

  constructor(private readonly db: Db) {
    this.version = db.prepare('PRAGMA data_version').pluck();
  }

  /** '*' pauses every folder. */
  pause(folder: string): void {
    this.db.prepare('INSERT OR REPLACE INTO pauses (folder, at) VALUES (?, ?)').run(folder, Date.now());
  }

  resume(folder: string): void {
    if (folder === '*') this.db.prepare('DELETE FROM pauses').run();
    else this.db.prepare('DELETE FROM pauses WHERE folder = ?').run(folder);
  }

  paused(): Set<string> {
    return new Set(this.db.prepare('SELECT folder FROM pauses').pluck().all() as string[]);
  }

  request(kind: 'export' | 'reload' | 'rescan', arg?: string): number {
    return Number(this.db.prepare('INSERT INTO requests (kind, arg, at) VALUES (?, ?, ?)').run(kind, arg ?? null, Date.now()).lastInsertRowid);
  }

  pending(): Array<{ id: number; kind: string; arg: string | null }> {
    return this.db.prepare('SELECT id, kind, arg FROM requests WHERE done_at IS NULL ORDER BY id').all() as never;
  }

  done(id: number): void {
    this.db.prepare('UPDATE requests SET done_at = ? WHERE id = ?').run(Date.now(), id);
  }

  isDone(id: number): boolean {
    return this.db.prepare('SELECT done_at FROM requests WHERE id = ?').pluck().get(id) != null;
  }

  /** Changes whenever another connection commits: a cheap way to notice the CLI wrote something. */
  dataVersion(): number {
    return this.version.get() as number;
  }

  setMeta(key: string, value: string | null): void {
    this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, value);
  }

  meta(key: string): string | null {
    return (this.db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined) ?? null;
  }
}

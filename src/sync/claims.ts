import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Claim } from '../contract/claims.js';
import type { FolderConfig } from './config.js';
import type { Logger } from './logger.js';
import type { Remote } from './remote.js';

/**
 * What the daemon may do with a file of a folder other desktops may share (docs/shared-folder.md):
 * - `mine`: this desktop holds the file's claim: upload it, write its outputs;
 * - `alone`: the service offers no claims (or they are off): work as the only desktop;
 * - `busy`: another desktop holds it: look again at `retryAt`;
 * - `done`: another desktop finished it (or this one, before a restart): adopt its result.
 */
export type ClaimVerdict =
  /** `uploadId`: the upload a previous holder made (a takeover resumes it). */
  | { kind: 'mine'; uploadId?: string }
  | { kind: 'alone' }
  | { kind: 'busy'; holder: string; retryAt: number }
  | { kind: 'done'; claim: Claim };

export interface ClaimsOptions {
  remote: Remote;
  log: Logger;
  /** This desktop's name, stable across restarts (state.db keeps it). */
  holder: string;
  leaseMs: number;
  /** False: never ask (claims off, or the service runs in this process and nobody else uses it). */
  enabled: boolean;
  /** This desktop became the writer of the folder's ledgers (first time, or after taking over). */
  ledgerWriter?(folder: FolderConfig): void;
}

/** The folder as the service sees it: every desktop sending there shares its claims. */
export function claimScope(folder: FolderConfig): string {
  const root = (folder.remotePath ?? '').split('/').filter(Boolean).join('/');
  return `folder:${folder.directoryId ?? ''}:${root}`;
}

/** A file as claims know it: its content and where it is in the folder. */
export interface ClaimedFile {
  sha256: string;
  rel_path: string;
}

/**
 * The claim's key: the content, as a copy of a file is a duplicate (`duplicates: skip`); with
 * `duplicates: upload` each copy is uploaded, so its place is part of the key.
 */
export function claimKey(folder: FolderConfig, file: ClaimedFile): string {
  if (folder.duplicates !== 'upload') return file.sha256;
  return `${file.sha256}:${createHash('sha256').update(file.rel_path).digest('hex').slice(0, 32)}`;
}

/**
 * This desktop's claims: the files it works on and the ledgers it writes, each renewed every third
 * of the lease while held. The service decides; a renewal or takeover lost is noticed at the next
 * decisive step (before outputs are written), so nothing here must be exact to the millisecond.
 */
export class Claims {
  /** Claims held, by scope and key: renewed on every tick. */
  private readonly held = new Map<string, { scope: string; key: string; path?: string }>();
  /** Folders whose ledgers this desktop writes, by scope. */
  private readonly ledgers = new Map<string, FolderConfig>();
  /** Folders (scopes) whose ledgers this desktop writes, until when (its last renewal plus the lease, by this clock). */
  private readonly writing = new Map<string, number>();
  private off: boolean;
  /** Rounds run between start() and stop(). */
  private started = false;
  private stopped = false;
  /** The next round's timer, and when it fires. */
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;
  private ticking: Promise<void> | null = null;
  /** When the file claims were last renewed (every third of the lease; the ledgers are asked for more often). */
  private renewedAt = 0;

  constructor(private readonly o: ClaimsOptions) {
    this.off = !o.enabled || !o.remote.takeClaim;
  }

  get holder(): string {
    return this.o.holder;
  }

  get leaseMs(): number {
    return this.o.leaseMs;
  }

  /** Whether claims are in use (the service offers them). */
  get active(): boolean {
    return !this.off;
  }

  /** How often a desktop looks again at a file another desktop holds. */
  get peerPollMs(): number {
    return Math.min(5000, Math.max(250, Math.round(this.o.leaseMs / 4)));
  }

  /** Starts renewing, and asks for the folders' ledgers. */
  start(folders: FolderConfig[]): void {
    this.started = true;
    this.setFolders(folders);
    this.round();
  }

  /** A round of asking the service now (one at a time); the next is scheduled when it ends. */
  private round(): void {
    if (this.off || !this.started || this.stopped || this.ticking) return;
    // This round does what an armed timer would; the next is armed when it ends.
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
    this.ticking = this.tick().finally(() => {
      this.ticking = null;
      this.schedule();
    });
  }

  /**
   * Arms the timer for the next round that has something to do: the renewal of what this desktop
   * holds (every third of the lease), and, while a folder's ledgers are written by another desktop
   * (or not yet asked for), asking for them every `peerPollMs`. A desktop at rest that writes its
   * ledgers and holds nothing else wakes once per renewal, not every 5 s (issue 20: idle CPU).
   */
  private schedule(): void {
    if (this.off || !this.started || this.stopped || this.ticking) return;
    const now = Date.now();
    let at = this.held.size > 0 || this.writing.size > 0 ? this.renewedAt + this.renewEveryMs : Infinity;
    for (const scope of this.ledgers.keys()) {
      if ((this.writing.get(scope) ?? 0) <= now) {
        at = Math.min(at, now + this.peerPollMs);
        break;
      }
    }
    // Only ever brought forward: a claim taken arms the renewal, and must not put off a round
    // already due sooner (a desktop taking a file a second never asked for the ledgers).
    if (at >= this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    if (at === Infinity) {
      this.timer = null;
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerAt = Infinity;
      this.round();
    }, Math.max(0, at - now));
    this.timer.unref();
  }

  /** Whether a round of asking the service (renewals, the ledgers) is in flight. */
  get busy(): boolean {
    return this.ticking !== null;
  }

  /** Stops renewing and gives every claim up, so the other desktops need not wait for the leases to run out. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    if (this.off || !this.o.remote.releaseClaim) return;
    const held = [...this.held.values(), ...[...this.writing.keys()].map((scope) => ({ scope, key: 'ledger' }))];
    this.held.clear();
    this.writing.clear();
    await Promise.all(held.map((c) => this.o.remote.releaseClaim!({ scope: c.scope, key: c.key, holder: this.o.holder })
      .catch((err) => this.o.log.debug({ err, key: c.key }, 'claim not given up: its lease runs out'))));
  }

  setFolders(folders: FolderConfig[]): void {
    this.ledgers.clear();
    for (const f of folders) this.ledgers.set(claimScope(f), f);
    // A folder added: its ledgers are asked for at the next poll.
    this.schedule();
  }

  private get renewEveryMs(): number {
    return Math.max(100, Math.round(this.o.leaseMs / 3));
  }

  /** Whether this desktop writes the ledgers of `folder` (always, when it works alone). */
  writesLedger(folder: FolderConfig | undefined): boolean {
    // A writer that could not renew for a whole lease may have been replaced: it stops until it renews.
    return this.off || !folder || (this.writing.get(claimScope(folder)) ?? 0) > Date.now();
  }

  /** Takes (or renews) the claim of a file's content; see ClaimVerdict. Throws what the service's failures throw. */
  async take(folder: FolderConfig, file: ClaimedFile): Promise<ClaimVerdict> {
    if (this.off) return { kind: 'alone' };
    const scope = claimScope(folder);
    const key = claimKey(folder, file);
    const answer = await this.ask(scope, key, file.rel_path);
    if (!answer) return { kind: 'alone' };
    const id = `${scope}\n${key}`;
    if (answer.granted && answer.claim.path !== null && answer.claim.path !== file.rel_path
      && fs.existsSync(path.join(folder.path, ...answer.claim.path.split('/')))) {
      // This desktop holds the content's claim for another copy: this one waits for that copy's result.
      // (Nothing left at the claim's path: the file was moved or its folder renamed during its work,
      // and this is the same work under its new name, which goes on; waiting would upload it twice.)
      return { kind: 'busy', holder: this.o.holder, retryAt: Date.now() + this.peerPollMs };
    }
    if (answer.granted) {
      // The first claim held: its renewal is a third of the lease from now.
      if (this.held.size === 0 && this.writing.size === 0) this.renewedAt = Date.now();
      this.held.set(id, { scope, key, path: file.rel_path });
      // Renewed with the others, at the latest a third of the lease from now.
      this.schedule();
      return { kind: 'mine', uploadId: answer.claim.result?.uploadId };
    }
    this.held.delete(id);
    if (answer.claim.status !== 'held') return { kind: 'done', claim: answer.claim };
    const expires = Date.parse(answer.claim.expiresAt);
    return { kind: 'busy', holder: answer.claim.holder, retryAt: Math.min(expires + 50, Date.now() + this.peerPollMs) };
  }

  /**
   * The holder finished the file: every other desktop sees the result. False when the claim was
   * lost meanwhile (another desktop took it over after this one's lease ran out).
   */
  async finish(folder: FolderConfig, file: ClaimedFile, status: 'exported' | 'failed', result: { uploadId?: string; fileIds?: string[]; reason?: string }): Promise<boolean> {
    if (this.off || !this.o.remote.finishClaim) return true;
    const scope = claimScope(folder);
    const key = claimKey(folder, file);
    this.held.delete(`${scope}\n${key}`);
    return (await this.o.remote.finishClaim({ scope, key, holder: this.o.holder, status, result })) !== null;
  }

  /** Records on the claim the upload made for it, for a desktop that may have to take it over. */
  async noteUpload(folder: FolderConfig, file: ClaimedFile, uploadId: string): Promise<void> {
    if (this.off) return;
    const scope = claimScope(folder);
    const key = claimKey(folder, file);
    const answer = await this.o.remote.takeClaim!({ scope, key, holder: this.o.holder, leaseMs: this.o.leaseMs, path: file.rel_path, uploadId });
    if (answer && !answer.granted) this.held.delete(`${scope}\n${key}`);
  }

  /** Stops renewing a file's claim (the file went away): its lease runs out. */
  drop(folder: FolderConfig, file: ClaimedFile): void {
    this.held.delete(`${claimScope(folder)}\n${claimKey(folder, file)}`);
  }

  private async ask(scope: string, key: string, relPath?: string): Promise<{ granted: boolean; claim: Claim } | null> {
    const answer = await this.o.remote.takeClaim!({ scope, key, holder: this.o.holder, leaseMs: this.o.leaseMs, path: relPath });
    if (answer === null && !this.off) {
      this.off = true;
      this.writing.clear();
      this.o.log.warn('the service offers no claims (it is not docsync\'s own service): this desktop works alone; '
        + 'several desktops watching one folder would each upload every file (docs/shared-folder.md)');
    }
    return answer;
  }

  /**
   * One round: renews every claim held (every third of the lease) and asks for the ledgers this
   * desktop does not write (every round: a desktop that gave them up is replaced at once, not a
   * lease later).
   */
  private async tick(): Promise<void> {
    const renew = Date.now() - this.renewedAt >= this.renewEveryMs - Math.min(this.renewEveryMs, this.peerPollMs) / 2;
    if (renew) this.renewedAt = Date.now();
    for (const [id, c] of renew ? [...this.held] : []) {
      if (this.off) return;
      try {
        const answer = await this.ask(c.scope, c.key, c.path);
        if (answer && !answer.granted) this.held.delete(id);
      } catch (err) {
        this.o.log.debug({ err, key: c.key }, 'claim not renewed, will retry');
      }
    }
    for (const [scope, folder] of [...this.ledgers]) {
      if (this.off) return;
      // A ledger this desktop writes is renewed with the other claims; one it does not write is
      // asked for at every tick, to take it over soon after its writer's lease runs out. (Asking
      // every tick while writing cost a daemon at rest a request to the service every 5 s.)
      if (!renew && (this.writing.get(scope) ?? 0) > Date.now()) continue;
      try {
        const asked = Date.now();
        const answer = await this.ask(scope, 'ledger', path.basename(folder.path));
        if (!answer) return;
        const had = this.writesLedger(folder);
        if (answer.granted) this.writing.set(scope, asked + this.o.leaseMs);
        else this.writing.delete(scope);
        if (answer.granted && !had) {
          this.o.log.info({ folder: folder.path }, 'this desktop writes the folder\'s ledgers');
          this.o.ledgerWriter?.(folder);
        } else if (!answer.granted && had) {
          this.o.log.info({ folder: folder.path, writer: answer.claim.holder }, 'another desktop writes the folder\'s ledgers now');
        }
      } catch (err) {
        this.o.log.debug({ err, folder: folder.path }, 'ledger claim not renewed, will retry');
      }
    }
  }
}

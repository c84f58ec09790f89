import { createHmac, randomUUID } from 'node:crypto';
import { request as httpRequest, type Agent } from 'undici';
import { backoffMs } from '../client/retryPolicy.js';
import { CallbackAddressRefused, guardedAgent, refusalOf } from './callbackAddress.js';
import type { FastifyInstance } from 'fastify';
import { backgroundWorker } from './core.js';
import { callbackPolicy } from './options.js';
import { dueCallbacks, insertCallback, markAttemptFailed, markDelivered, releaseCallback, signingSecretOf, type OutboxRow } from './store/callbackOutbox.js';

// Callbacks (decisions 6 and 14) go through a persisted outbox: a row is written in the same
// transaction as the event that causes it, and a deliverer POSTs due rows until one answers
// 2xx or the attempts run out. A restart resumes pending rows, so delivery is at-least-once;
// receivers dedupe on X-Event-Id.

export interface CallbackInput {
  workspaceId: string;
  /** The API key whose signing secret signs the callback. */
  keyId: string;
  url: string;
  /** JSON-serialised as is (a string is sent verbatim). */
  body: unknown;
}

/**
 * Queue a callback. Synchronous and transactional with the caller's own writes (call it inside
 * `db.transaction`); returns the event id.
 */
export function enqueueCallback(app: FastifyInstance, input: CallbackInput): void {
  enqueueCallbackEvent(app, input);
}

/** As enqueueCallback, returning the event id (X-Event-Id). */
export function enqueueCallbackEvent(app: FastifyInstance, input: CallbackInput): string {
  const id = randomUUID();
  const body = typeof input.body === 'string' ? input.body : JSON.stringify(input.body);
  insertCallback(app.db, { id, workspaceId: input.workspaceId, keyId: input.keyId, url: input.url, body, now: app.serviceOptions.now() });
  // Wake after the surrounding transaction commits (the row is invisible before).
  const deliverer = app.callbacks;
  setImmediate(() => deliverer.wake());
  return id;
}

/** `t=<unix s>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the secret as UTF-8. */
export function signCallback(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

const MAX_IN_FLIGHT = 8;
const POLL_MS = 250;

export class CallbackDeliverer {
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private readonly inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>();

  /** Connects only to addresses the service's policy allows, checked after resolving (DNS rebinding). */
  private readonly agent: Agent;

  constructor(private readonly app: FastifyInstance) {
    this.agent = guardedAgent(callbackPolicy(app.serviceOptions));
  }

  start(): void {
    this.stopped = false;
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    // An aborted delivery stays pending: the next start sends it again with the same event id.
    for (const { controller } of this.inFlight.values()) controller.abort();
    await Promise.allSettled([...this.inFlight.values()].map((f) => f.done));
    await this.agent.close().catch(() => undefined);
  }

  wake(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pump();
    if (!this.stopped) {
      this.timer = setTimeout(() => this.wake(), POLL_MS);
      this.timer.unref();
    }
  }

  private pump(): void {
    const room = MAX_IN_FLIGHT - this.inFlight.size;
    if (room <= 0) return;
    const now = this.app.serviceOptions.now();
    const due = dueCallbacks(this.app.db, now, room + this.inFlight.size, now + this.app.serviceOptions.callbackTimeoutMs + 5_000);
    for (const row of due) {
      if (this.inFlight.size >= MAX_IN_FLIGHT) break;
      if (this.inFlight.has(row.id)) continue;
      const controller = new AbortController();
      const done = this.deliver(row, controller.signal).finally(() => {
        this.inFlight.delete(row.id);
        if (!this.stopped) setImmediate(() => this.wake());
      });
      this.inFlight.set(row.id, { controller, done });
    }
  }

  private async deliver(row: OutboxRow, stopSignal: AbortSignal): Promise<void> {
    const secret = signingSecretOf(this.app.db, row.key_id);
    if (secret === undefined) return this.settle(row, false, 'The API key that owns this callback no longer exists.', true);
    // The key's default address was never checked by a route, and the policy may have changed.
    const refused = refusalOf(row.url, callbackPolicy(this.app.serviceOptions));
    if (refused) return this.settle(row, false, `Callback address refused: ${refused}.`, true);
    let error: string | undefined;
    try {
      const timeout = AbortSignal.timeout(this.app.serviceOptions.callbackTimeoutMs);
      const res = await httpRequest(row.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'docsync-service/0.1',
          'x-event-id': row.id,
          'x-signature': signCallback(secret, row.body, Math.floor(this.app.serviceOptions.now() / 1000)),
        },
        body: row.body,
        signal: AbortSignal.any([stopSignal, timeout]),
        dispatcher: this.agent,
      });
      await res.body.dump();
      if (res.statusCode >= 200 && res.statusCode < 300) return this.settle(row, true);
      error = `HTTP ${res.statusCode}`;
    } catch (err) {
      // Shutting down: not an attempt, and due again at once (for another team-service process too).
      if (stopSignal.aborted) {
        if (this.app.db.open) releaseCallback(this.app.db, row.id, this.app.serviceOptions.now());
        return;
      }
      const refusal = findRefusal(err);
      if (refusal) return this.settle(row, false, `Callback address refused: ${refusal.message}.`, true);
      error = (err as Error).message || String(err);
    }
    this.settle(row, false, error);
  }

  private settle(row: OutboxRow, delivered: boolean, error?: string, final = false): void {
    if (this.app.db.open === false) return;
    if (delivered) return markDelivered(this.app.db, row.id);
    const attempts = row.attempts + 1;
    const giveUp = final || attempts >= this.app.serviceOptions.callbackAttempts;
    const backoff = backoffMs(attempts, { baseMs: this.app.serviceOptions.callbackBackoffMs, maxMs: Infinity, jitter: 'none' });
    markAttemptFailed(this.app.db, row.id, attempts, giveUp, this.app.serviceOptions.now() + backoff, error ?? null);
  }
}

/** The address refusal behind a connection error (undici may wrap it as the cause). */
function findRefusal(error: unknown): CallbackAddressRefused | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof CallbackAddressRefused) return e;
  }
  return undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    callbacks: CallbackDeliverer;
  }
}

export const callbackDelivery = backgroundWorker('callbacks', (app) => new CallbackDeliverer(app));

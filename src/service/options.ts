// The service's options as given (ServiceOptions) and with their defaults (ResolvedOptions,
// decorated as `serviceOptions` on the Fastify instance: core.ts).
import type { AgentOptions } from './agent/options.js';
import type { ProcessInput, ProcessResult } from './processing/types.js';
import type { AuthContext } from './store/tenancy.js';

export interface ServiceOptions {
  /**
   * Folder of the service's SQLite file and blob store. With `database`, the folder of the blob
   * store (and of the secret that signs presigned addresses) that every service process sharing
   * the database must see: a shared volume (docs/team-server.md).
   */
  dataDir: string;
  /** A PostgreSQL address (`postgres://...`): the team service keeps its data there instead of in SQLite. */
  database?: string;
  /**
   * The address clients reach the service at, when it is not the one it listens on: behind a
   * reverse proxy (the team service) the upload and preview addresses it hands out name the proxy.
   */
  publicUrl?: string;
  host?: string;
  /** 0: any free port. */
  port?: number;
  /** Deepest directory depth allowed (roots are 0). Default 1 (decisions 18). */
  maxDirectoryDepth?: number;
  /** Accept callback addresses on loopback, http:// included (tests, local use). Default false. */
  allowInsecureCallbacks?: boolean;
  /** Accept callback addresses in private ranges (10/8, 172.16/12, 192.168/16, fc00::/7). Default false. */
  allowPrivateCallbacks?: boolean;
  rateLimit?: { rate: number; burst: number };
  /** Presigned upload address lifetime, seconds. Default 300. */
  uploadUrlTtlSeconds?: number;
  /** Preview address lifetime, seconds. Default 3600. */
  previewTtlSeconds?: number;
  /** Largest accepted upload, bytes. Default 200 MiB. */
  maxUploadBytes?: number;
  /** Lifetime of an ephemeral file, ms. Default 24 h. */
  ephemeralTtlMs?: number;
  /** How often background sweepers run, ms. Default 60 s. */
  sweepIntervalMs?: number;
  /** Callback delivery: attempts and first backoff (decisions 6: 5 attempts, 30 s timeout). */
  callbackAttempts?: number;
  callbackBackoffMs?: number;
  callbackTimeoutMs?: number;
  /** Processing jobs run at once. Default 2. */
  processingConcurrency?: number;
  /**
   * PostgreSQL (several service processes share the queue): how long a claimed job stays with its
   * process without a renewal; a process renews its leases every third of it, and a dead one's
   * jobs are taken over once they run out. Default 60 s.
   */
  processingLeaseMs?: number;
  /** A processing run still going after this long is aborted and its upload failed. Default 30 min. */
  processingTimeoutMs?: number;
  /**
   * On stop, how long the processing runs (aborted) are waited for before their jobs go back to the queue
   * anyway: a run stuck in a library that ignores the abort does not hold the service open. Default 5 s.
   */
  processingStopGraceMs?: number;
  /** Replaces the processing engine (tests inject delays and faults); default processFile. */
  processor?: (input: ProcessInput) => Promise<ProcessResult>;
  /** The agent's job runner and answer engine (stop delay, stale threshold, LLM backend). */
  agent?: AgentOptions;
  /**
   * Connection limits (issue 18): a socket that sends or reads nothing for `idleMs` is closed
   * (a stalled or trickling sender), a request must arrive whole within `requestMs` (bodies up to
   * the upload limit over a slow line), headers within `headersMs`, and an idle keep-alive
   * connection is closed after `keepAliveMs`. Defaults 60 s, 15 min, 20 s, 10 s.
   */
  timeouts?: { idleMs?: number; requestMs?: number; headersMs?: number; keepAliveMs?: number };
  /** Controllable clock (ms since epoch) for tests. */
  now?: () => number;
  /** Log requests (pino via Fastify). Default false. */
  logger?: boolean;
}

export type ResolvedOptions = Required<Omit<ServiceOptions, 'now' | 'processor' | 'timeouts' | 'database' | 'publicUrl'>> & {
  database?: string;
  publicUrl?: string;
  timeouts: Required<NonNullable<ServiceOptions['timeouts']>>;
  now: () => number;
  processor?: ServiceOptions['processor'];
};

export function resolveOptions(options: ServiceOptions): ResolvedOptions {
  return {
    dataDir: options.dataDir,
    database: options.database,
    publicUrl: options.publicUrl?.replace(/\/+$/, ''),
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    maxDirectoryDepth: options.maxDirectoryDepth ?? 1,
    allowInsecureCallbacks: options.allowInsecureCallbacks ?? false,
    allowPrivateCallbacks: options.allowPrivateCallbacks ?? false,
    rateLimit: options.rateLimit ?? { rate: 50, burst: 100 },
    uploadUrlTtlSeconds: options.uploadUrlTtlSeconds ?? 300,
    previewTtlSeconds: options.previewTtlSeconds ?? 3600,
    maxUploadBytes: options.maxUploadBytes ?? 200 * 1024 * 1024,
    ephemeralTtlMs: options.ephemeralTtlMs ?? 24 * 3600 * 1000,
    sweepIntervalMs: options.sweepIntervalMs ?? 60_000,
    callbackAttempts: options.callbackAttempts ?? 5,
    callbackBackoffMs: options.callbackBackoffMs ?? 1000,
    callbackTimeoutMs: options.callbackTimeoutMs ?? 30_000,
    processingConcurrency: options.processingConcurrency ?? 2,
    processingTimeoutMs: options.processingTimeoutMs ?? 30 * 60_000,
    processingLeaseMs: options.processingLeaseMs ?? 60_000,
    processingStopGraceMs: options.processingStopGraceMs ?? 5_000,
    processor: options.processor,
    agent: options.agent ?? {},
    timeouts: { idleMs: 60_000, requestMs: 15 * 60_000, headersMs: 20_000, keepAliveMs: 10_000, ...options.timeouts },
    now: options.now ?? Date.now,
    logger: options.logger ?? false,
  };
}

/** Which callback addresses this service calls (callbackAddress.ts). */
export const callbackPolicy = (options: ResolvedOptions) => ({
  allowLoopback: options.allowInsecureCallbacks,
  allowPrivate: options.allowPrivateCallbacks,
});

export type { AuthContext };

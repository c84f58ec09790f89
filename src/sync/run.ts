import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { checkServiceUrl, readApiKey } from './apikey.js';
import { ClientRemote } from './clientRemote.js';
import { defaultInbox, saveConfig, addFolder, type Config, type Locations } from './config.js';
import { Daemon } from './daemon.js';
import type { EmbeddedService } from './embedded.js';
import { createLogger } from './logger.js';
import { openStateDb } from './state/db.js';

export interface RunOptions {
  locations: Locations;
  config: Config;
  /** --service-url / --api-key-file override the config's service. */
  serviceUrl?: string;
  apiKeyFile?: string;
  env?: NodeJS.ProcessEnv;
  /** Port of the embedded service (0: any). */
  embeddedPort?: number;
  /**
   * The process is the daemon's own (`docsync start`, the tray's utility process), so its V8 may be
   * tuned for it (--liftoff-only with a remote service, below); not where other code shares it (tests).
   */
  ownProcess?: boolean;
}

export interface Running {
  daemon: Daemon;
  serviceUrl: string;
  embedded: EmbeddedService | null;
  inbox: string | null;
  /** The key the daemon calls the service with (never logged). */
  apiKey: string;
  locations: Locations;
  stop(): Promise<void>;
}

/**
 * Everything `docsync start` does before waiting for a signal: config checks
 * (the daemon refuses to start on an error), the service (remote or embedded),
 * the default inbox on first run, the log file, the daemon.
 */
export async function runDaemon(o: RunOptions): Promise<Running> {
  tuneHeap();
  let config = o.config;
  const url = o.serviceUrl ?? config.service.url;
  let apiKey: string | undefined;
  if (url) {
    checkServiceUrl(url);
    apiKey = readApiKey({ env: o.env, keyFile: o.apiKeyFile ?? config.service.apiKeyFile });
    // undici parses HTTP with llhttp compiled to WebAssembly. V8 compiles it twice: at once with its
    // baseline compiler (Liftoff), then again, optimised, in the background once it runs hot; that
    // second compile took the daemon's RSS 34 MB higher at its first request (100,000 watched files:
    // peak 130 MB, 96 MB without it; bench sync, scale part, 2026-11-27). Baseline code parses the
    // daemon's few responses per file well enough. Only with a remote service: the embedded one
    // runs tesseract's WebAssembly in this process, and that needs the optimised code.
    if (o.ownProcess) v8.setFlagsFromString('--liftoff-only');
  } else if (o.ownProcess) {
    // The entry points start `docsync start` with incremental marking off (restAfterStart, below);
    // the embedded service's engine (pdf.js and the OCR in this process, a heap many times the daemon's)
    // keeps V8's incremental full GCs, whose pauses are short.
    v8.setFlagsFromString('--incremental-marking');
  }
  // A state.db that cannot be written stops the start with one clear line, before any service starts.
  openStateDb(o.locations.dataDir).close();
  let inbox: string | null = null;
  if (config.folders.length === 0) {
    inbox = defaultInbox();
    fs.mkdirSync(inbox, { recursive: true });
    config = addFolder(config, { path: inbox });
    saveConfig(o.locations.configFile, config);
  }
  // Loaded only when used: the local service brings its PDF and OCR engines.
  const embedded = url ? null : await (await import('./embedded.js')).startEmbeddedService(o.locations.dataDir, o.embeddedPort ?? 0, { fiscalYearStart: config.fiscalYearStart });
  const serviceUrl = url ?? embedded!.url;
  const key = apiKey ?? embedded!.apiKey;
  const log = createLogger({ dir: o.locations.dataDir, ...config.log, secrets: [key] });
  log.info({ serviceUrl, embedded: !url, folders: config.folders.map((f) => f.path) }, 'docsync starting');
  const remote = new ClientRemote(
    { baseUrl: serviceUrl, apiKey: key, instance: config.service.instance, instanceBaseUrls: config.service.instanceUrls },
    embedded ?? undefined,
  );
  const daemon = await Daemon.start({
    config, configFile: o.locations.configFile, dataDir: o.locations.dataDir, remote, log, sharedService: Boolean(url),
    ...(o.ownProcess && url ? { atRest: () => restAfterStart(daemon) } : {}),
  });
  // Published for `docsync ask`, which cannot know the embedded service's port otherwise.
  daemon.control.setMeta('service.url', serviceUrl);
  return {
    daemon, serviceUrl, embedded, inbox, apiKey: key, locations: o.locations,
    async stop() {
      daemon.control.setMeta('service.url', null);
      await daemon.stop();
      await embedded?.close();
      log.info('docsync stopped');
      log.flush();
    },
  };
}

/**
 * V8 settings for a process that runs for months and is idle most of the time:
 * - The young generation keeps the size it has when the daemon starts (1 MB semi-spaces) instead
 *   of doubling to its 16 MB maximum: a start-up scan of a 100k-file tree made V8 grow it, ~14 MB
 *   of RSS that stayed for the process's life. `docsync start`'s entry points set both flags on
 *   their first line (the one list, src/cli/startFlags.mjs): once the imports have grown it, holding
 *   it no longer shrinks it, and a lower --max-semi-space-size set at run time does not stop V8 from
 *   growing it to the maximum it took at start-up; only the growth factor does (measured, issue 20:
 *   new space 16 MB -> 2 MB, idle daemon with the UI server 99-105 -> 88-94 MB RSS). The price is
 *   more frequent scavenges while many files stream in; the daemon's objects per file are small,
 *   file bytes live outside the heap, and what a scan keeps is kept per batch, not per directory.
 * - V8's memory reducer gives the heap back after a burst with one full GC instead of up to
 *   three in a row. After a start-up scan the three cost about 0.2 s of CPU in the first idle
 *   minute, twice the daemon's whole steady idle cost (bench `sync`, scale part, compiled: idle
 *   CPU 0.28-0.45% -> 0.10-0.13%, RSS after the idle minute 106-107 MB).
 * Runtime flags because the daemon is started by several commands (`docsync start`, `npm start`,
 * the tray's utility process), all through runDaemon; V8 reads both each time it uses them, so
 * setting them after start-up takes effect.
 */
function tuneHeap(): void {
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  v8.setFlagsFromString('--memory-reducer-single-gc');
}

/**
 * The daemon's entry points (src/cli/entry.ts, bin/docsync.mjs, the scale bench's daemon) start
 * `docsync start` with V8's incremental marking off (src/cli/startFlags.mjs), on their first line, as they set the young
 * generation. Otherwise V8's memory reducer, armed at the start's first full GC (during the imports),
 * runs an incremental full GC (20-50 ms at 100,000 watched files) 8-25 s after start, once the
 * daemon has been idle a while: in the first idle minute. It arms itself and starts GCs only while
 * incremental marking is on. Instead, with a remote service, the start-up garbage is collected here,
 * once the start's work is done (the daemon's `atRest`, before it counts as idle), so that the idle
 * daemon is at rest. Turned back on right after this GC, incremental marking still let a reducer GC
 * run at 8.2 s (traced; what armed it was not found), so it comes back on only with the first file
 * that moves after the rest; the reducer then arms at that burst's first full GC and gives the heap
 * back 8 s after it, as before (traced on a script that does the same). A daemon left alone after
 * its start runs its rare full GCs atomically, on a heap of about 25 MB (21 MB live). Bursts keep incremental
 * marking: with it off for the whole of a burst of 2,000 files, the bench's process had full GCs in
 * every round (104-328 ms) against 2 of 6 with it on, and its daemon's CPU to uploaded looked about
 * a tenth higher (README, Benchmarks). The embedded service's process turns it back on at once
 * (runDaemon).
 */
function restAfterStart(daemon: Daemon): void {
  v8.setFlagsFromString('--expose-gc');
  // A new context is given the gc() of --expose-gc; the process's own context is not.
  (vm.runInNewContext('gc') as () => void)();
  daemon.emitter.once('file', () => v8.setFlagsFromString('--incremental-marking'));
}

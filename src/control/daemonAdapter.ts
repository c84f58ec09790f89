// The control API's view of a running daemon. Actions go through the same paths as the
// CLI (the config file, the state database's pause flags and requests, its own database
// connection), so the daemon notices them as it notices the CLI's.
import fs from 'node:fs';
import path from 'node:path';
import { ServiceClient, ServiceError } from '../client/index.js';
import { retryFailed } from '../cli/control.js';
import { checkServiceUrl, readApiKey } from '../sync/apikey.js';
import { addFolder, ConfigError, loadConfig, parseConfig, removeFolder, saveConfig, type Config, type FolderConfig, type Locations } from '../sync/config.js';
import type { FolderState, SyncEmitter } from '../sync/events.js';
import { checkWatchedFolder, FolderRuleError } from '../sync/folderRules.js';
import { LEDGER_CSV_NAME, LEDGER_XLSX_NAME } from '../sync/export/names.js';
import { foundAt, placeNow, sidecarsOf, whereNow } from '../sync/location.js';
import { ControlStore } from '../sync/state/control.js';
import { openStateDb, type Db } from '../sync/state/db.js';
import { countFiles, FileStore, parseFileIds, readFilesPage, type WatchedFileRow, type FileStatus } from '../sync/state/files.js';
import { countUnreachable, dataVersion, fileHistory, recentFailures, runningFiles } from '../sync/state/queries.js';
import type { ConnectionTestBody, FilesQuery, FolderBody, SettingsBody } from './contract.js';
import { AgentProxy } from './agentProxy.js';
import { attentionOf } from './attention.js';
import { totalsByCurrency, type CurrencyTotals } from './totals.js';
import { folderProgress, pageProgressOf } from '../sync/progress.js';
import { ReviewControl } from './review.js';
import { ControlError, type DaemonControl, type Openable } from './daemonControl.js';
import { plainReason } from './reasons.js';
import type { FileDetailView, FileView, FolderView, SettingsView, StatusView } from './views.js';

export interface AdapterOptions {
  locations: Locations;
  emitter: SyncEmitter;
  /** The service the daemon uses now. */
  serviceUrl: string;
  embedded: boolean;
  inbox: string;
  /** The API key the daemon uses (embedded or remote); used for the schema list only. */
  apiKey: string;
}

function toView(row: WatchedFileRow): FileView {
  return {
    id: row.id,
    folder: row.folder,
    relPath: row.rel_path,
    currentPath: placeNow(row),
    status: row.status,
    reason: row.reason,
    errorCode: row.error_code,
    attempts: row.attempts,
    size: row.size,
    updatedAt: row.updated_at,
    uploadId: row.upload_id,
    fileIds: parseFileIds(row.file_ids),
    remotePath: row.remote_path,
    pages: pageProgressOf(row),
  };
}

const ACTIVE: FileStatus[] = ['discovered', 'settled', 'uploading', 'processing'];

/** The watcher reports scanning and errors; files on their way make a folder 'syncing'. */
function folderState(paused: boolean, live: FolderState | undefined, counts: Partial<Record<FileStatus, number>>): FolderState {
  if (paused) return 'paused';
  if (live === 'error' || live === 'scanning' || live === 'missing') return live;
  return ACTIVE.some((s) => (counts[s] ?? 0) > 0) ? 'syncing' : 'idle';
}

export class DaemonAdapter implements DaemonControl {
  readonly events: SyncEmitter;
  readonly agent: AgentProxy;
  readonly review: ReviewControl;
  private readonly db: Db;
  private readonly store: FileStore;
  private readonly control: ControlStore;
  private readonly folderStates = new Map<string, { state: FolderState; error?: string }>();
  private diskFull: StatusView['diskFull'] = null;

  constructor(private readonly o: AdapterOptions) {
    this.events = o.emitter;
    this.db = openStateDb(o.locations.dataDir);
    this.store = new FileStore(this.db);
    this.control = new ControlStore(this.db);
    this.events.on('folder', (e) => this.folderStates.set(e.folder, { state: e.state, error: e.error }));
    this.events.on('disk', (e) => (this.diskFull = e.full ? { path: e.path ?? '', code: e.code ?? 'ENOSPC', since: Date.now() } : null));
    this.review = new ReviewControl(this.db, { url: o.serviceUrl, apiKey: o.apiKey });
    this.agent = new AgentProxy({
      serviceUrl: o.serviceUrl,
      apiKey: o.apiKey,
      db: this.db,
      directoryOf: (folder) => this.config().folders.find((f) => f.path === folder)?.directoryId,
    });
  }

  close(): void {
    void this.agent.close();
    void this.review.close();
    this.db.close();
  }

  private config(): Config {
    return loadConfig(this.o.locations.configFile);
  }

  private folderView(f: FolderConfig, counts: Partial<Record<FileStatus, number>>, paused: Set<string>): FolderView {
    const isPaused = paused.has('*') || paused.has(f.path);
    const live = this.folderStates.get(f.path);
    return {
      path: f.path,
      state: folderState(isPaused, live?.state, counts),
      ...(live?.error ? { error: live.error } : {}),
      paused: isPaused,
      counts,
      remotePath: f.remotePath,
      ocrModel: f.ocrModel,
      schemaId: f.schemaId,
      onSuccess: f.onSuccess,
      onFailure: f.onFailure,
      duplicates: f.duplicates,
      deletions: f.deletions,
      links: f.links,
      skippedLinks: this.problems(f.path).skippedLinks ?? [],
      progress: folderProgress(this.db, f.path, counts),
    };
  }

  /** What the daemon recorded about the folder (links skipped, missing). */
  private problems(folder: string): { missing?: boolean; skippedLinks?: Array<{ path: string; reason: string }> } {
    try {
      return JSON.parse(this.control.meta(`folder.problems:${folder}`) ?? '{}');
    } catch {
      return {};
    }
  }

  /**
   * Counts by folder and status, kept until the database changes: `data_version` moves when
   * another connection (the daemon, the CLI) commits; this connection's own writes clear it.
   * Counting groups every row (no (folder, status) index), which an idle UI need not redo.
   */
  private countsCache?: { version: number; counts: Map<string, Partial<Record<FileStatus, number>>> };

  /** A value derived from the database, computed again only once another connection committed. */
  private readonly derived = new Map<string, { version: number; value: unknown }>();

  private cached<T>(name: string, compute: () => T): T {
    const version = dataVersion(this.db);
    const hit = this.derived.get(name);
    if (hit?.version === version) return hit.value as T;
    const value = compute();
    this.derived.set(name, { version, value });
    return value;
  }

  private counts(): Map<string, Partial<Record<FileStatus, number>>> {
    const version = dataVersion(this.db);
    if (this.countsCache?.version === version) return this.countsCache.counts;
    const counts = this.countRows();
    this.countsCache = { version, counts };
    return counts;
  }

  private countRows(): Map<string, Partial<Record<FileStatus, number>>> {
    const out = new Map<string, Partial<Record<FileStatus, number>>>();
    for (const c of this.store.countsByFolder()) {
      const m = out.get(c.folder) ?? {};
      m[c.status] = c.n;
      out.set(c.folder, m);
    }
    return out;
  }

  status(): StatusView {
    const config = this.config();
    const paused = this.control.paused();
    const counts = this.counts();
    const toReview = this.review.store.countsByFolder();
    const reviewTotal = [...toReview.values()].reduce((a, b) => a + b, 0);
    const running = runningFiles(this.db);
    const failures = recentFailures(this.db);
    const folders = config.folders.map((f) => this.folderView(f, counts.get(f.path) ?? {}, paused));
    return {
      paused: paused.has('*'),
      attention: attentionOf({
        diskFull: this.diskFull !== null,
        unreachable: this.cached('unreachable', () => countUnreachable(this.db)),
        missingFolders: folders.filter((f) => f.state === 'missing').length,
        failed: folders.reduce((n, f) => n + (f.counts.failed ?? 0), 0),
        toReview: reviewTotal,
        pausedFolders: folders.filter((f) => f.paused).length,
      }),
      firstRun: this.control.meta('ui.onboarded') === null,
      inbox: this.o.inbox,
      service: { mode: this.o.embedded ? 'embedded' : 'remote', url: this.o.serviceUrl, instance: config.service.instance ?? null },
      folders: folders.map((f) => ({ ...f, toReview: toReview.get(f.path) ?? 0 })),
      toReview: reviewTotal,
      running: running.map(toView),
      recentFailures: failures.map((r) => ({
        id: r.id,
        folder: r.folder,
        file: r.rel_path,
        reason: plainReason(r.error_code, r.reason),
        errorCode: r.error_code,
        waiting: r.status !== 'failed',
      })),
      diskFull: this.diskFull,
    };
  }

  /** Totals per month and top vendors per currency, for the overview's chart. */
  totals(): CurrencyTotals[] {
    return this.cached('totals', () => totalsByCurrency(this.db, this.config().folders.map((f) => path.resolve(f.path).normalize('NFC'))));
  }

  listFiles(q: FilesQuery): { files: FileView[]; total: number } {
    const filter = { folder: q.folder || undefined, status: q.status || undefined, text: q.q || undefined };
    const rows = readFilesPage(this.db, filter, q.limit, (q.page - 1) * q.limit);
    return { files: rows.map(toView), total: countFiles(this.db, filter) };
  }

  fileDetail(id: number): FileDetailView | undefined {
    const row = this.store.get(id);
    if (!row) return undefined;
    const events = fileHistory(this.db, id);
    const links = Object.fromEntries(
      (['file', 'json', 'csv', 'ledger-csv', 'ledger-xlsx'] as const).map((k) => [k, fs.existsSync(this.openablePath(id, k) ?? '')]),
    ) as FileDetailView['links'];
    return {
      ...toView(row),
      events: events.map((e) => ({ at: e.at, from: e.from_status, to: e.to_status, reason: e.reason })),
      documents: this.documents(row),
      links,
    };
  }

  /** The values as the JSON sidecar holds them (the daemon's own record of what it exported). */
  private documents(row: WatchedFileRow): FileDetailView['documents'] {
    try {
      const sidecar = JSON.parse(fs.readFileSync(sidecarsOf(row).json, 'utf8')) as {
        documents?: Array<{ fileId?: string; fileName?: string; schemaName?: string; fields?: Array<{ title: string; type: string; value: unknown }> }>;
      };
      return (sidecar.documents ?? []).map((d) => ({
        fileId: d.fileId ?? '',
        fileName: d.fileName ?? row.rel_path,
        schemaName: d.schemaName ?? '',
        fields: (d.fields ?? []).map((f) => ({ title: f.title, type: f.type, value: f.value })),
      }));
    } catch {
      return [];
    }
  }

  openablePath(id: number, what: Openable): string | undefined {
    const row = this.store.get(id);
    if (!row) return undefined;
    const abs = whereNow(row);
    // The spreadsheet of the file's own folder (where it was found), else its watched folder's roll-up.
    const home = path.dirname(foundAt(row));
    const ledgerDir = fs.existsSync(path.join(home, LEDGER_XLSX_NAME)) ? home : row.folder;
    switch (what) {
      case 'file':
        return abs;
      case 'json':
        return sidecarsOf(row).json;
      case 'csv':
        return sidecarsOf(row).csv;
      case 'ledger-csv':
        return path.join(ledgerDir, LEDGER_CSV_NAME);
      case 'ledger-xlsx':
        return path.join(ledgerDir, LEDGER_XLSX_NAME);
    }
  }

  retry(target: { fileId?: number; folder?: string }): number {
    this.countsCache = undefined;
    if (target.fileId !== undefined) {
      const row = this.store.get(target.fileId);
      if (!row) throw new ControlError(404, 'NOT_FOUND', 'No such file.');
      if (row.status === 'failed') return retryFailed(this.store, foundAt(row));
      if ((row.status === 'uploading' || row.status === 'processing') && row.error_code) {
        // Waiting after a transient error: try again now instead of at the end of the backoff.
        this.store.defer(row.id, { next_attempt_at: 0 }, 'retry requested');
        return 1;
      }
      throw new ControlError(409, 'NOT_FAILED', `This file is ${row.status}: there is nothing to retry.`);
    }
    return retryFailed(this.store, target.folder);
  }

  pause(folder?: string): void {
    this.control.pause(folder ?? '*');
  }

  resume(folder?: string): void {
    this.control.resume(folder ?? '*');
  }

  folders(): FolderView[] {
    const paused = this.control.paused();
    const counts = this.counts();
    return this.config().folders.map((f) => this.folderView(f, counts.get(f.path) ?? {}, paused));
  }

  /** The rules of `docsync folders add` (src/sync/folderRules.ts), answered as 422/409. */
  private validateFolderPath(p: string, config: Config, self?: string): string {
    try {
      return checkWatchedFolder(p, { dataDir: this.o.locations.dataDir, watched: config.folders.map((f) => f.path), self });
    } catch (error) {
      if (!(error instanceof FolderRuleError)) throw error;
      throw new ControlError(error.code === 'ALREADY_WATCHED' ? 409 : 422, error.code, error.message);
    }
  }

  private writeConfig(config: Config): void {
    saveConfig(this.o.locations.configFile, config);
    this.control.request('reload');
  }

  addFolder(body: FolderBody): FolderView {
    const config = this.config();
    const abs = this.validateFolderPath(body.path, config);
    this.writeConfig(startable(() => addFolder(config, { ...body, path: abs })));
    return this.folders().find((f) => f.path === abs)!;
  }

  updateFolder(body: FolderBody): FolderView {
    const config = this.config();
    const abs = path.resolve(body.path);
    const current = config.folders.find((f) => f.path === abs);
    if (!current) throw new ControlError(404, 'NOT_FOUND', 'That folder is not watched.');
    const next = { ...config, folders: config.folders.map((f) => (f.path === abs ? { ...f, ...body, path: abs } : f)) };
    this.writeConfig(startable(() => loadConfigFrom(next)));
    return this.folders().find((f) => f.path === abs)!;
  }

  removeFolder(p: string): void {
    const { config, removed } = removeFolder(this.config(), p);
    if (!removed) throw new ControlError(404, 'NOT_FOUND', 'That folder is not watched.');
    this.writeConfig(config);
  }

  private keyFile(): string {
    return path.join(this.o.locations.dataDir, 'api-key');
  }

  settings(): SettingsView {
    const config = this.config();
    const keyFile = config.service.apiKeyFile ?? this.keyFile();
    return {
      service: {
        mode: config.service.url ? 'remote' : 'embedded',
        ...(config.service.url ? { url: config.service.url } : {}),
        instance: config.service.instance ?? null,
        apiKeySet: Boolean(process.env.DOCSYNC_API_KEY) || fs.existsSync(keyFile),
      },
      concurrency: config.concurrency,
      ...(config.defaultOcrModel ? { defaultOcrModel: config.defaultOcrModel } : {}),
      ...(config.defaultSchemaId ? { defaultSchemaId: config.defaultSchemaId } : {}),
    };
  }

  /** Saved to the config (and the key to an owner-only file); a service change applies at the next start. */
  updateSettings(body: SettingsBody): SettingsView & { restartRequired: boolean } {
    const config = this.config();
    const next: Config = { ...config, service: { ...config.service } };
    let restartRequired = false;
    if (body.service?.mode === 'remote' && body.service.url) startable(() => checkServiceUrl(body.service!.url!));
    if (body.service) {
      if (body.service.mode === 'embedded') {
        restartRequired = Boolean(config.service.url);
        delete next.service.url;
      } else {
        if (!body.service.url) throw new ControlError(422, 'INVALID_INPUT', 'service.url: the address of the service is required.');
        restartRequired = config.service.url !== body.service.url || body.service.apiKey !== undefined;
        next.service.url = body.service.url;
      }
      if (body.service.instance !== undefined) {
        if (body.service.instance === null) delete next.service.instance;
        else next.service.instance = body.service.instance;
      }
      if (body.service.apiKey !== undefined) {
        if (body.service.apiKey === '') fs.rmSync(this.keyFile(), { force: true });
        else fs.writeFileSync(this.keyFile(), body.service.apiKey, { mode: 0o600 });
        fs.chmodSync(this.keyFile(), 0o600);
        next.service.apiKeyFile = this.keyFile();
      }
    }
    if (body.concurrency !== undefined) ((next.concurrency = body.concurrency), (restartRequired = true));
    if (body.defaultOcrModel !== undefined) next.defaultOcrModel = body.defaultOcrModel || undefined;
    if (body.defaultSchemaId !== undefined) next.defaultSchemaId = body.defaultSchemaId || undefined;
    saveConfig(this.o.locations.configFile, startable(() => this.checkedForStart(loadConfigFrom(next))));
    this.control.setMeta('ui.onboarded', new Date().toISOString());
    return { ...this.settings(), restartRequired };
  }

  /** What `docsync start` checks beyond the schema: a safe service address, and a key for a remote service. */
  private checkedForStart(config: Config): Config {
    if (config.service.url) {
      checkServiceUrl(config.service.url);
      readApiKey({ keyFile: config.service.apiKeyFile ?? (fs.existsSync(this.keyFile()) ? this.keyFile() : undefined) });
    }
    return config;
  }

  private storedKey(): string | undefined {
    const config = this.config();
    const file = config.service.apiKeyFile ?? this.keyFile();
    return process.env.DOCSYNC_API_KEY ?? (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : undefined);
  }

  /** Calls the service with the given (or stored) address and key and says what it found. */
  async testConnection(body: ConnectionTestBody): Promise<{ ok: boolean; message: string; fileTypes?: number }> {
    const url = body.url ?? this.config().service.url ?? this.o.serviceUrl;
    const apiKey = body.apiKey ?? (url === this.o.serviceUrl ? this.o.apiKey : this.storedKey());
    if (!apiKey) return { ok: false, message: 'No API key: paste the key from your account settings.' };
    const { instance: saved, instanceUrls } = this.config().service;
    const instance = body.instance === undefined ? saved : (body.instance ?? undefined);
    if (instance && !instanceUrls?.[instance]) {
      return { ok: false, message: `No address is configured for the ${instance} region (service.instanceUrls in the config).` };
    }
    const client = new ServiceClient({ baseUrl: url, apiKey, instance, instanceBaseUrls: instanceUrls, retry: { maxAttempts: 1 } });
    try {
      const { fileTypes } = await client.listFileTypes();
      return { ok: true, message: `Connected to ${url}: ${fileTypes.length} document type(s) available.`, fileTypes: fileTypes.length };
    } catch (error) {
      const message = error instanceof ServiceError ? `${error.status ? `${error.status} ` : ''}${error.detail || error.title || error.message}` : (error as Error).message;
      return { ok: false, message: `The service answered: ${message}` };
    } finally {
      await client.close();
    }
  }

  async listSchemas(): Promise<Array<{ id: string; name: string }>> {
    const client = new ServiceClient({ baseUrl: this.o.serviceUrl, apiKey: this.o.apiKey, retry: { maxAttempts: 1 } });
    try {
      const { fileTypes } = await client.listFileTypes();
      return fileTypes.filter((b) => b.defaultSchemaId).map((b) => ({ id: b.defaultSchemaId!, name: b.name }));
    } catch {
      return [];
    } finally {
      await client.close();
    }
  }

  async rebuildLedgers(): Promise<{ done: boolean }> {
    const id = this.control.request('export');
    const end = Date.now() + 60_000;
    while (!this.control.isDone(id) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    return { done: this.control.isDone(id) };
  }

  logs(limit: number): Array<{ time: number; level: string; msg: string }> {
    const file = path.join(this.o.locations.dataDir, 'docsync.log');
    if (!fs.existsSync(file)) return [];
    const fd = fs.openSync(file, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      const length = Math.min(size, 256 * 1024);
      const buf = Buffer.alloc(length);
      fs.readSync(fd, buf, 0, length, size - length);
      const levels: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
      return buf
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .slice(-limit)
        .flatMap((line) => {
          try {
            const j = JSON.parse(line) as { time: number; level: number; msg: string };
            return [{ time: j.time, level: levels[j.level] ?? String(j.level), msg: j.msg }];
          } catch {
            return [];
          }
        })
        .reverse();
    } finally {
      fs.closeSync(fd);
    }
  }
}

/**
 * A config the next start would refuse is never written: the start-up check's error (naming the
 * field) becomes a 422 answer.
 */
function startable<T>(build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    throw new ControlError(422, error.code, error.message);
  }
}

/** Re-validate a config built in memory (same rules as the file). */
const loadConfigFrom = (config: Config): Config => parseConfig(JSON.parse(JSON.stringify(config)));

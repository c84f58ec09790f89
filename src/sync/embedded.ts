import fs from 'node:fs';
import path from 'node:path';
import { startService } from '../service/app.js';
import { createKey, findKey } from '../service/store/tenancy.js';

export interface EmbeddedService {
  url: string;
  apiKey: string;
  /** Told when an upload's processing ends (in this process: no polling needed). */
  onSettled(listener: (uploadId: string) => void): () => void;
  close(): Promise<void>;
}

/**
 * The local service in-process on 127.0.0.1, with its own key kept owner-only
 * in its data folder so restarts reuse one workspace and one key.
 * Its port is kept there too (issue 18): upload tickets name the service's address, and a
 * daemon restarted in the middle of an upload resends to the address it was given. A port
 * that another program took meanwhile gives way to a free one (the service then hands out
 * fresh tickets, as their base address changed).
 */
export async function startEmbeddedService(dataDir: string, port = 0, agent: { fiscalYearStart?: number } = {}): Promise<EmbeddedService> {
  const dir = path.join(dataDir, 'service');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const portFile = path.join(dir, 'port');
  const options = { dataDir: dir, host: '127.0.0.1', rateLimit: { rate: 10_000, burst: 10_000 }, agent };
  const wanted = port || readPort(portFile);
  let service;
  try {
    service = await startService({ ...options, port: wanted });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port !== 0) throw error;
    service = await startService({ ...options, port: 0 });
  }
  const listening = Number(new URL(service.url).port);
  if (listening !== wanted) fs.writeFileSync(portFile, `${listening}\n`, { mode: 0o600 });
  const keyFile = path.join(dir, 'docsync.key');
  let apiKey = fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8').trim() : '';
  if (!apiKey || !findKey(service.db, apiKey)) {
    apiKey = createKey(service.db).key;
    fs.writeFileSync(keyFile, apiKey, { mode: 0o600 });
  }
  const queue = service.app.processingQueue;
  return { url: service.url, apiKey, close: () => service.close(), onSettled: (listener) => queue.onSettled(listener) };
}

/** The port this data folder's service listened on last time; 0 (any) when none was kept. */
function readPort(file: string): number {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  const n = Number(text);
  return Number.isInteger(n) && n > 0 && n < 65536 ? n : 0;
}

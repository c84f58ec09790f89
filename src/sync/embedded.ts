import fs from 'node:fs';
import path from 'node:path';
import { startService } from '../service/app.js';
import { pipelineOf } from '../service/pipeline.js';
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
 */
export async function startEmbeddedService(dataDir: string, port = 0): Promise<EmbeddedService> {
  const dir = path.join(dataDir, 'service');
  fs.mkdirSync(dir, { recursive: true });
  const service = await startService({ dataDir: dir, host: '127.0.0.1', port, rateLimit: { rate: 10_000, burst: 10_000 } });
  const keyFile = path.join(dir, 'docsync.key');
  let apiKey = fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8').trim() : '';
  if (!apiKey || !findKey(service.db, apiKey)) {
    apiKey = createKey(service.db).key;
    fs.writeFileSync(keyFile, apiKey, { mode: 0o600 });
  }
  const pipeline = pipelineOf(service.ctx);
  return {
    url: service.url, apiKey, close: () => service.close(),
    onSettled: (listener) => pipeline?.onSettled(listener) ?? (() => undefined),
  };
}

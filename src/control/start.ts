// Starts the control API and UI beside a running daemon (`docsync start`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultInbox, type Config } from '../sync/config.js';
import type { Running } from '../sync/run.js';
import { DaemonAdapter } from './daemonAdapter.js';
import { loadOrCreateToken } from './security.js';
import { startControlServer, type ControlServer } from './server.js';

/** The built renderer: dist/renderer at the package root, whether this module runs from src/ (tsx) or dist/src/ (compiled, the tray app). */
export const RENDERER_DIR = path.join(packageRoot(path.dirname(fileURLToPath(import.meta.url))), 'dist', 'renderer');

function packageRoot(dir: string): string {
  for (let d = dir; ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, 'package.json'))) return d;
    if (path.dirname(d) === d) return dir;
  }
}

export interface RunningControl {
  server: ControlServer;
  adapter: DaemonAdapter;
  close(): Promise<void>;
}

export async function startControl(running: Running, config: Config, port = config.uiPort): Promise<RunningControl> {
  const dataDir = running.locations.dataDir;
  const token = loadOrCreateToken(dataDir);
  const inbox = running.inbox ?? (config.folders.some((f) => f.path === defaultInbox()) ? defaultInbox() : (config.folders[0]?.path ?? defaultInbox()));
  const adapter = new DaemonAdapter({
    locations: running.locations,
    emitter: running.daemon.emitter,
    serviceUrl: running.serviceUrl,
    embedded: running.embedded !== null,
    inbox,
    apiKey: running.apiKey,
  });
  const sessionsFile = path.join(dataDir, 'control-sessions');
  const start = (p: number) => startControlServer({ control: adapter, token, port: p, rendererDir: RENDERER_DIR, sessionsFile });
  let server: ControlServer;
  try {
    server = await start(port).catch((error: NodeJS.ErrnoException) => {
      // Another program (or a second docsync with another data folder) holds the port:
      // take a free one; control.json tells the tray where the UI is.
      if (error.code !== 'EADDRINUSE' || port === 0) throw error;
      return start(0);
    });
  } catch (error) {
    adapter.close();
    throw error;
  }
  fs.writeFileSync(path.join(dataDir, 'control.json'), JSON.stringify({ url: server.url, pid: process.pid }), { mode: 0o600 });
  return {
    server,
    adapter,
    async close() {
      await server.close();
      adapter.close();
      fs.rmSync(path.join(dataDir, 'control.json'), { force: true });
    },
  };
}

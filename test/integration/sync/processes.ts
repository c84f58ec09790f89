// Real `docsync start` processes for the tests that kill them (crash safety) or run several at once
// (desktops sharing a folder): each its own process, data folder and state.db.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openStateDb } from '../../../src/sync/state/db.js';

const BIN = path.resolve('bin/docsync.mjs');

/** Starts `docsync start` in its own process and resolves once it says it is running. */
export function startDaemon(args: string[], apiKey: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BIN, 'start', ...args], {
    env: { ...process.env, DOCSYNC_API_KEY: apiKey },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (b: Buffer) => {
      out += b.toString();
      if (out.includes('docsync is running')) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    child.once('exit', (code, signal) => reject(new Error(`daemon exited early (${code ?? signal}): ${out}`)));
  });
}

/** Stops a daemon (SIGTERM: it flushes its ledgers; SIGKILL: it dies where it stands). */
export async function stopDaemon(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

/** A read of a daemon's state.db (another process's), closed again at once. */
export function readState<T>(dataDir: string, read: (db: ReturnType<typeof openStateDb>) => T, empty: T): T {
  if (!fs.existsSync(path.join(dataDir, 'state.db'))) return empty;
  const db = openStateDb(dataDir);
  try {
    return read(db);
  } finally {
    db.close();
  }
}

// A throw-away PostgreSQL cluster for the team service's tests and benchmark: `initdb` in a temp
// folder, the server on a Unix socket only (no TCP port), fsync off. Found on PATH or in Debian's
// /usr/lib/postgresql/<version>/bin (the `postgresql` package puts it there; .ci/run installs it).
// initdb and postgres refuse to run as root: as root (CI) they run as the `postgres` user, in a
// folder handed to it.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PostgresDatabase } from '../../src/service/store/postgres/database.js';

export interface PostgresCluster {
  /** postgres://... of the cluster's `postgres` database, over the socket. */
  url: string;
  /** The address of another database of the cluster (created by createDatabase). */
  urlOf(database: string): string;
  createDatabase(name: string): string;
  stop(): void;
}

/** The folder holding initdb, pg_ctl and postgres; undefined when PostgreSQL is not installed. */
export function postgresBinDir(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    // A link on PATH (/usr/local/bin/initdb) leads to the folder of the other programs.
    if (dir && fs.existsSync(path.join(dir, 'initdb'))) return path.dirname(fs.realpathSync(path.join(dir, 'initdb')));
  }
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (fs.existsSync(path.join(base, v, 'bin', 'initdb'))) return path.join(base, v, 'bin');
  return undefined;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL program, as the `postgres` user when this process is root. */
function pgRun(bin: string, program: string, args: string[]): void {
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]] : [path.join(bin, program), args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`${program} failed (${r.status}): ${r.stderr || r.stdout || r.error?.message}`);
}

export function startPostgresCluster(): PostgresCluster {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed: no initdb on PATH or in /usr/lib/postgresql/*/bin (apt-get install postgresql)');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-pg-'));
  const data = path.join(root, 'data');
  const socket = path.join(root, 'socket');
  fs.mkdirSync(socket);
  if (isRoot()) {
    fs.chmodSync(root, 0o755);
    execFileSync('chown', ['-R', 'postgres:', root]);
  }
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        pgRun(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already gone
      }
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    pgRun(bin, 'initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
    const settings = `-k ${socket} -c listen_addresses= -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
    pgRun(bin, 'pg_ctl', ['-D', data, '-l', path.join(root, 'server.log'), '-o', settings, '-w', '-t', '60', 'start']);
    started = true;
  } catch (error) {
    stop();
    throw error;
  }
  const urlOf = (database: string) => `postgres://postgres@localhost/${database}?host=${encodeURIComponent(socket)}`;
  return {
    url: urlOf('postgres'),
    urlOf,
    createDatabase(name) {
      const db = new PostgresDatabase(urlOf('postgres'));
      try {
        db.exec(`CREATE DATABASE ${name}`);
      } finally {
        db.close();
      }
      return urlOf(name);
    },
    stop,
  };
}

import type { Command } from 'commander';
import { ConfigError, defaultLocations, loadConfig, type Config, type Locations } from '../sync/config.js';
import { openStateDb, StateDbError, type Db } from '../sync/state/db.js';

export interface CommonOptions {
  config?: string;
  data?: string;
}

/** Every command takes --config and --data. */
export function withCommon(cmd: Command): Command {
  return cmd.option('--config <file>', 'config file (default: OS config folder)').option('--data <dir>', 'data folder (default: OS data folder)');
}

export function locations(opts: CommonOptions): Locations {
  return defaultLocations({ config: opts.config ?? process.env.DOCSYNC_CONFIG, data: opts.data ?? process.env.DOCSYNC_DATA });
}

export function readConfig(loc: Locations): Config {
  return loadConfig(loc.configFile);
}

export function withDb<T>(loc: Locations, fn: (db: Db) => T): T {
  const db = openStateDb(loc.dataDir);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);

/**
 * Config errors end the command with their message and exit code 2; a state database or data
 * folder that cannot be written with one line and exit code 1; anything else is a bug and propagates.
 */
export function fail(err: unknown): never {
  if (err instanceof ConfigError) {
    process.stderr.write(`docsync: invalid configuration: ${err.message}\n`);
    process.exit(2);
  }
  if (err instanceof StateDbError) {
    process.stderr.write(`docsync: ${err.message} (check the permissions of the data folder, or pass --data)\n`);
    process.exit(1);
  }
  const e = err as NodeJS.ErrnoException;
  if (UNWRITABLE.has(String(e?.code)) && e.path) {
    process.stderr.write(`docsync: cannot write ${e.path}: ${e.code} (check the permissions of the data folder, or pass --data)\n`);
    process.exit(1);
  }
  throw err;
}

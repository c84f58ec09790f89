import type { Command } from 'commander';
import path from 'node:path';
import { startService } from '../service/app.js';
import { isPostgresUrl, openServiceDatabase } from '../service/store/open.js';
import { createKey } from '../service/store/tenancy.js';

const int = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`not a whole number: ${v}`);
  return n;
};

/** `docsync service start` and `docsync service keys create`. */
export function registerServiceCommands(program: Command, defaultDataDir: () => string): void {
  const service = program.command('service').description('the local document-processing service');

  service
    .command('start')
    .description('run the local service on its own (foreground)')
    .option('--port <n>', 'port (0: any free port)', int, 8787)
    .option('--host <h>', 'address to listen on', '127.0.0.1')
    .option('--data <dir>', 'data folder of the service')
    .option('--database <url>', 'keep the data in PostgreSQL (postgres://...) instead of SQLite: the team service (docs/team-server.md)')
    .option('--blobs <dir>', 'with --database: the folder of uploaded documents, on a volume every service process shares')
    .option('--public-url <url>', 'the address clients reach the service at (a reverse proxy in front of it): upload and preview addresses name it')
    .option('--max-directory-depth <n>', 'deepest directory depth (roots are 0)', int, 1)
    .option('--allow-insecure-callbacks', 'accept callback addresses on loopback, http:// included', false)
    .option('--allow-private-callbacks', 'accept callback addresses in private ranges (10/8, 172.16/12, 192.168/16, fc00::/7)', false)
    .action(async (opts: { port: number; host: string; data?: string; database?: string; blobs?: string; publicUrl?: string; maxDirectoryDepth: number; allowInsecureCallbacks: boolean; allowPrivateCallbacks: boolean }) => {
      const dataDir = sharedOrLocalDir(opts, defaultDataDir);
      const svc = await startService({
        dataDir,
        database: opts.database,
        publicUrl: opts.publicUrl,
        host: opts.host,
        port: opts.port,
        maxDirectoryDepth: opts.maxDirectoryDepth,
        allowInsecureCallbacks: opts.allowInsecureCallbacks,
        allowPrivateCallbacks: opts.allowPrivateCallbacks,
      });
      process.stdout.write(
        `docsync ${opts.database ? 'team' : 'local'} service listening on ${svc.url}\n` +
          (opts.publicUrl ? `  port: ${(svc.app.server.address() as { port: number }).port} on ${opts.host}\n` : '') +
          (opts.database ? `  database: ${redactPassword(opts.database)}\n  blobs: ${dataDir}\n` : `  data folder: ${dataDir}\n`) +
          `  OpenAPI document: ${svc.url}/prod/openapi.json\n` +
          `  create an API key: docsync service keys create ${opts.database ? `--database '${redactPassword(opts.database)}'` : `--data ${dataDir}`}\n`,
      );
      const stop = async () => {
        await svc.close();
        process.exit(0);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });

  const keys = service.command('keys').description('API keys of the local service');
  keys
    .command('create')
    .description('create an API key and print it once')
    .option('--data <dir>', 'data folder of the service')
    .option('--database <url>', "the team service's PostgreSQL database (postgres://...)")
    .option('--workspace <name>', 'workspace (created when missing)', 'Default')
    .option('--read-only', 'a read-only key (READONLY_KEY): writes answer 403', false)
    .option('--inactive', 'an inactive key: every call answers 403', false)
    .option('--callback-url <url>', "the key's default callback address")
    .option('--json', 'print key, workspaceId, organizationId and signingSecret as JSON', false)
    .action((opts: { data?: string; database?: string; workspace: string; readOnly: boolean; inactive: boolean; callbackUrl?: string; json: boolean }) => {
      const db = opts.database ? openServiceDatabase('', opts.database) : openServiceDatabase(opts.data ?? path.join(defaultDataDir(), 'service'));
      try {
        const created = createKey(db, {
          workspace: opts.workspace,
          readOnly: opts.readOnly,
          inactive: opts.inactive,
          callbackUrl: opts.callbackUrl,
        });
        if (opts.json) {
          const { key, workspaceId, organizationId, signingSecret } = created;
          process.stdout.write(`${JSON.stringify({ key, workspaceId, organizationId, signingSecret })}\n`);
        } else {
          process.stdout.write(
            `API key (shown once, store it safely): ${created.key}\n` +
              `workspace: ${created.workspaceId}\norganization: ${created.organizationId}\n` +
              `callback signing secret: ${created.signingSecret}\n`,
          );
        }
      } finally {
        db.close();
      }
    });
}

/** The blob folder of a team service (--blobs, required with --database), else the local data folder. */
function sharedOrLocalDir(opts: { data?: string; database?: string; blobs?: string }, defaultDataDir: () => string): string {
  if (opts.database === undefined) {
    if (opts.blobs !== undefined) throw new Error('--blobs goes with --database (a team service); the local service keeps its files in --data');
    return opts.data ?? path.join(defaultDataDir(), 'service');
  }
  if (!isPostgresUrl(opts.database)) throw new Error(`--database takes a PostgreSQL address (postgres://...), not ${opts.database}`);
  const blobs = opts.blobs ?? opts.data;
  if (blobs === undefined) throw new Error('--database needs --blobs <dir>: the folder of uploaded documents that every service process shares');
  return blobs;
}

/** An address as printed: without its password. */
const redactPassword = (url: string) => url.replace(/(\/\/[^:/@]+:)[^@]*@/, '$1***@');

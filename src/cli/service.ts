import type { Command } from 'commander';
import path from 'node:path';
import { startService } from '../service/app.js';
import { openDatabase } from '../sqlite.js';
import { createKey } from '../service/store/tenancy.js';
import { fileURLToPath } from 'node:url';

const SERVICE_MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'service', 'store', 'migrations');

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
    .option('--max-directory-depth <n>', 'deepest directory depth (roots are 0)', int, 1)
    .option('--allow-insecure-callbacks', 'accept callback addresses on loopback, http:// included', false)
    .option('--allow-private-callbacks', 'accept callback addresses in private ranges (10/8, 172.16/12, 192.168/16, fc00::/7)', false)
    .action(async (opts: { port: number; host: string; data?: string; maxDirectoryDepth: number; allowInsecureCallbacks: boolean; allowPrivateCallbacks: boolean }) => {
      const dataDir = opts.data ?? path.join(defaultDataDir(), 'service');
      const svc = await startService({
        dataDir,
        host: opts.host,
        port: opts.port,
        maxDirectoryDepth: opts.maxDirectoryDepth,
        allowInsecureCallbacks: opts.allowInsecureCallbacks,
        allowPrivateCallbacks: opts.allowPrivateCallbacks,
      });
      process.stdout.write(
        `docsync local service listening on ${svc.url}\n` +
          `  data folder: ${dataDir}\n` +
          `  OpenAPI document: ${svc.url}/prod/openapi.json\n` +
          `  create an API key: docsync service keys create --data ${dataDir}\n`,
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
    .option('--workspace <name>', 'workspace (created when missing)', 'Default')
    .option('--read-only', 'a read-only key (READONLY_KEY): writes answer 403', false)
    .option('--inactive', 'an inactive key: every call answers 403', false)
    .option('--callback-url <url>', "the key's default callback address")
    .option('--json', 'print key, workspaceId, organizationId and signingSecret as JSON', false)
    .action((opts: { data?: string; workspace: string; readOnly: boolean; inactive: boolean; callbackUrl?: string; json: boolean }) => {
      const dataDir = opts.data ?? path.join(defaultDataDir(), 'service');
      const db = openDatabase(path.join(dataDir, 'service.db'), SERVICE_MIGRATIONS);
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

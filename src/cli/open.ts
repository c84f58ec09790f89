// `docsync open`: a fresh login link for the running daemon's UI, opened in the browser (or
// printed). The link is made by the daemon (it alone can honour it), asked for with the
// control token, which only the owner of the data folder can read.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { fail, locations, withCommon, type CommonOptions } from './options.js';

export class NotRunningError extends Error {}

export async function freshLoginLink(dataDir: string): Promise<string> {
  let url: string;
  let token: string;
  try {
    url = (JSON.parse(fs.readFileSync(path.join(dataDir, 'control.json'), 'utf8')) as { url: string }).url;
    token = fs.readFileSync(path.join(dataDir, 'control-token'), 'utf8').trim();
  } catch {
    throw new NotRunningError('docsync is not running: start it with "docsync start" (or the tray app), then run "docsync open" again.');
  }
  const res = await fetch(`${url}/api/login-links`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => null);
  if (!res?.ok) throw new NotRunningError(`docsync does not answer at ${url}: start it with "docsync start", then run "docsync open" again.`);
  return ((await res.json()) as { url: string }).url;
}

/** The platform's way to open an address in the default browser; false when there is none. */
function openInBrowser(link: string): Promise<boolean> {
  const [cmd, args] = process.platform === 'darwin' ? ['open', [link]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', link]] : ['xdg-open', [link]];
  return new Promise((resolve) => {
    const child = spawn(cmd, args as string[], { stdio: 'ignore', detached: true });
    child.once('error', () => resolve(false));
    child.once('spawn', () => (child.unref(), resolve(true)));
  });
}

export function registerOpenCommand(program: Command): void {
  withCommon(program.command('open'))
    .description('open the UI in your browser with a fresh login link (the printed links work once)')
    .option('--print', 'print the link only, do not start a browser')
    .action(async (opts: CommonOptions & { print?: boolean }) => {
      try {
        const link = await freshLoginLink(locations(opts).dataDir);
        const opened = !opts.print && (await openInBrowser(link));
        process.stdout.write(`${opened ? 'Opened in your browser: ' : 'Open this link in your browser (it works once): '}${link}\n`);
      } catch (err) {
        if (!(err instanceof NotRunningError)) fail(err);
        process.stderr.write(`docsync: ${err.message}\n`);
        process.exit(1);
      }
    });
}

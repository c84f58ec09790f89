import type { Command } from 'commander';
import { startControl, type RunningControl } from '../control/start.js';
import { fail, locations, readConfig, withCommon, type CommonOptions } from './options.js';

interface StartOptions extends CommonOptions {
  serviceUrl?: string;
  apiKeyFile?: string;
  uiPort?: string;
}

export function registerStartCommand(program: Command): void {
  withCommon(program.command('start'))
    .description('run the daemon: watch the folders, upload, write the values beside each file')
    .option('--service-url <url>', 'use a remote service instead of the embedded one')
    .option('--api-key-file <file>', 'file holding the API key (readable only by you); or set DOCSYNC_API_KEY')
    .option('--ui-port <n>', 'port of the UI and control API on 127.0.0.1 (default: uiPort of the config, 7766; 0: any)')
    .action(async (opts: StartOptions) => {
      let running;
      let control: RunningControl | undefined;
      try {
        const loc = locations(opts);
        const config = readConfig(loc);
        const { runDaemon } = await import('../sync/run.js');
        running = await runDaemon({ locations: loc, config, serviceUrl: opts.serviceUrl, apiKeyFile: opts.apiKeyFile, ownProcess: true });
        control = await startControl(running, config, opts.uiPort === undefined ? undefined : Number(opts.uiPort));
        const folders = running.daemon.folders.map((f) => f.path);
        process.stdout.write(
          [
            `docsync is running (${running.embedded ? 'embedded local service' : 'service'} at ${running.serviceUrl}).`,
            running.inbox ? `Your inbox: ${running.inbox}` : `Watching: ${folders.join(', ')}`,
            'Drop invoices, receipts or forms there: each file is uploaded once, and its values appear',
            'beside it named after the file (invoice.pdf.values.json, invoice.pdf.values.csv), plus docsync-ledger.xlsx/.csv per folder.',
            `Open the UI: ${control.server.loginLink()}`,
            `  (UI address ${control.server.url}; the link logs this browser in once: "docsync open" makes a new one.)`,
            `Logs: ${loc.dataDir}. Check progress with "docsync status". Stop with Ctrl+C.`,
            '',
          ].join('\n'),
        );
      } catch (err) {
        fail(err);
      }
      const stop = async () => {
        await control?.close();
        await running!.stop();
        process.exit(0);
      };
      process.once('SIGINT', () => void stop());
      process.once('SIGTERM', () => void stop());
    });
}

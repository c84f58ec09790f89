import path from 'node:path';
import type { Command } from 'commander';
import { addFolder, removeFolder, saveConfig } from '../sync/config.js';
import { checkWatchedFolder, FolderRuleError } from '../sync/folderRules.js';
import { ControlStore } from '../sync/state/control.js';
import { fail, locations, readConfig, withCommon, withDb, type CommonOptions } from './options.js';

interface AddOptions extends CommonOptions {
  remotePath?: string;
  directoryId?: string;
  ocrModel?: string;
  schemaId?: string;
}

/** `docsync folders add|remove|list`: edit the config, then ask a running daemon to reload it. */
export function registerFolderCommands(program: Command): void {
  const folders = program.command('folders').description('manage watched folders');
  withCommon(folders.command('add <path>'))
    .description('watch a folder')
    .option('--remote-path <p>', 'remote folder (destinationPath prefix)')
    .option('--directory-id <id>', 'remote directory id')
    .option('--ocr-model <m>', 'recognition model')
    .option('--schema-id <s>', 'schema id')
    .action((p: string, opts: AddOptions) => {
      try {
        const loc = locations(opts);
        const current = readConfig(loc);
        const abs = checkWatchedFolder(path.resolve(p), { dataDir: loc.dataDir, watched: current.folders.map((f) => f.path) });
        const config = addFolder(current, {
          path: abs, remotePath: opts.remotePath, directoryId: opts.directoryId, ocrModel: opts.ocrModel, schemaId: opts.schemaId,
        });
        saveConfig(loc.configFile, config);
        notify(loc);
        process.stdout.write(`watching ${abs}\n`);
      } catch (err) {
        if (err instanceof FolderRuleError) {
          process.stderr.write(`docsync: cannot watch this folder (${err.code}): ${err.message}\n`);
          process.exit(1);
        }
        fail(err);
      }
    });
  withCommon(folders.command('remove <path>'))
    .description('stop watching a folder (files and outputs stay)')
    .action((p: string, opts: CommonOptions) => {
      try {
        const loc = locations(opts);
        const { config, removed } = removeFolder(readConfig(loc), p);
        if (!removed) {
          process.stderr.write(`docsync: ${path.resolve(p)} is not a watched folder\n`);
          process.exitCode = 1;
          return;
        }
        saveConfig(loc.configFile, config);
        notify(loc);
        process.stdout.write(`no longer watching ${path.resolve(p)}\n`);
      } catch (err) {
        fail(err);
      }
    });
  withCommon(folders.command('list'))
    .description('list watched folders')
    .option('--json', 'machine-readable')
    .action((opts: CommonOptions & { json?: boolean }) => {
      try {
        const config = readConfig(locations(opts));
        if (opts.json) return void process.stdout.write(JSON.stringify(config.folders, null, 2) + '\n');
        for (const f of config.folders) {
          process.stdout.write(`${f.path}${f.remotePath ? ` -> ${f.remotePath}` : ''}${f.directoryId ? ` (directory ${f.directoryId})` : ''}\n`);
        }
      } catch (err) {
        fail(err);
      }
    });
}

function notify(loc: ReturnType<typeof locations>): void {
  withDb(loc, (db) => new ControlStore(db).request('reload'));
}

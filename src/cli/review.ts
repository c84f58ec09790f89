// docsync review, docsync values set / confirm (issue 16): the review queue and corrections from a
// script. They write the state database like the UI does; the running daemon sends corrections to
// the service and rewrites the sidecars and the ledger (a stopped one does at its next start).
import path from 'node:path';
import type { Command } from 'commander';
import { ReviewControl } from '../control/review.js';
import { ControlError } from '../control/daemonControl.js';
import type { Config } from '../sync/config.js';
import { ReviewStore } from '../sync/state/reviews.js';
import type { Db } from '../sync/state/db.js';
import { FileStore, type WatchedFileRow } from '../sync/state/files.js';
import { fail, locations, readConfig, withCommon, withDb, type CommonOptions } from './options.js';

export function registerReviewCommands(program: Command): void {
  withCommon(program.command('review'))
    .description('list the files whose values need review, oldest first')
    .option('--json', 'machine-readable')
    .option('--all', 'also the checked and the sure ones')
    .option('--folder <path>', 'one watched folder only')
    .action((opts: CommonOptions & { json?: boolean; all?: boolean; folder?: string }) => {
      try {
        const loc = locations(opts);
        const files = withDb(loc, (db) => new ReviewStore(db).queue({ all: opts.all, folder: opts.folder ? path.resolve(opts.folder) : undefined }));
        if (opts.json) return void process.stdout.write(JSON.stringify({ files, count: files.length }, null, 2) + '\n');
        if (files.length === 0) return void process.stdout.write('nothing to review\n');
        for (const f of files) {
          process.stdout.write(`${f.state}: ${path.join(f.folder, f.relPath)}${f.pending ? ` (${f.pending} correction(s) waiting to be sent)` : ''}\n`);
          for (const r of f.reasons) process.stdout.write(`  ${r.detail}\n`);
        }
      } catch (err) {
        fail(err);
      }
    });

  const values = program.command('values').description('correct or confirm the values of a file');
  withCommon(values.command('set <file> <assignments...>'))
    .description('correct values: docsync values set invoice.pdf "Total=123.45" "Vendor Name=ACME" (the file is confirmed with it)')
    .option('--document <n>', 'which document of a split file (1, 2, ...)', '1')
    .action((file: string, assignments: string[], opts: CommonOptions & { document: string }) => {
      run(opts, file, (control, row) => {
        const detail = control.detail(row.id);
        const doc = detail.documents[Number(opts.document) - 1];
        if (!doc) throw new ControlError(422, 'INVALID_INPUT', `the file has ${detail.documents.length} document(s)`);
        const fields = assignments.map((a) => {
          const eq = a.indexOf('=');
          if (eq <= 0) throw new ControlError(422, 'INVALID_INPUT', `"${a}" is not field=value`);
          return { title: a.slice(0, eq).trim(), value: a.slice(eq + 1) };
        });
        const out = control.save(row.id, { documents: [{ fileId: doc.fileId, schemaValueId: doc.schemaValueId, fields }] });
        return `${out.saved.length ? 'corrected' : 'confirmed (no value changed)'}: ${path.join(row.folder, row.rel_path)}; the daemon sends it to the service\n`;
      });
    });

  withCommon(values.command('confirm <file>'))
    .description('confirm the values of a file as they are')
    .action((file: string, opts: CommonOptions) => {
      run(opts, file, (control, row) => {
        control.save(row.id, { documents: [] });
        return `confirmed: ${path.join(row.folder, row.rel_path)}\n`;
      });
    });
}

function run(opts: CommonOptions, file: string, act: (control: ReviewControl, row: WatchedFileRow) => string): void {
  try {
    const loc = locations(opts);
    const config = readConfig(loc);
    const out = withDb(loc, (db) => {
      const row = rowOf(db, config, path.resolve(file));
      const control = new ReviewControl(db, { url: '', apiKey: '' });
      return act(control, row);
    });
    process.stdout.write(out);
  } catch (err) {
    if (err instanceof ControlError) {
      process.stderr.write(`docsync: ${err.message}\n`);
      process.exit(1);
    }
    fail(err);
  }
}

function rowOf(db: Db, config: Config, abs: string): WatchedFileRow {
  const folder = config.folders.map((f) => f.path).filter((p) => abs.startsWith(p + path.sep)).sort((a, b) => b.length - a.length)[0];
  const row = folder ? new FileStore(db).byPath(folder, path.relative(folder, abs).split(path.sep).join('/').normalize('NFC')) : undefined;
  if (!row) throw new ControlError(404, 'NOT_FOUND', `${abs} is not a synced file of a watched folder`);
  return row;
}

// `docsync ask "question"`: one turn of the agent, answered from the documents the service
// holds. The answer streams to the terminal as it is written; Ctrl-C stops the run.
import path from 'node:path';
import type { Command } from 'commander';
import type { AgentScope, Job } from '../contract/agent.js';
import { ServiceError } from '../client/errors.js';
import { ServiceClient } from '../client/serviceClient.js';
import { readApiKey } from '../sync/apikey.js';
import { ConfigError, type Config, type Locations } from '../sync/config.js';
import { ControlStore } from '../sync/state/control.js';
import { whereNow } from '../sync/location.js';
import { parseFileIds } from '../sync/state/files.js';
import { fileIdsAt, fileOfRemoteId, newestFileIds } from '../sync/state/queries.js';
import { fail, locations, readConfig, withCommon, withDb, type CommonOptions } from './options.js';

interface AskOptions extends CommonOptions {
  folder?: string;
  files?: string[];
  session?: string;
  wait?: boolean;
  json?: boolean;
  language?: string;
  query: boolean;
  serviceUrl?: string;
  apiKeyFile?: string;
}

const TERMINAL = new Set(['COMPLETED', 'FAILED', 'STOPPED', 'STALE']);
const MAX_IDS = 100;

/** The service address and key: flags, then the config, then the address the daemon published. */
function connection(loc: Locations, config: Config, opts: AskOptions): { baseUrl: string; apiKey: string } {
  const published = withDb(loc, (db) => new ControlStore(db).meta('service.url'));
  const baseUrl = opts.serviceUrl ?? config.service.url ?? published ?? undefined;
  if (!baseUrl) throw new ConfigError('CONFIG_INVALID', 'no service address: pass --service-url or set service.url', 'service.url');
  const keyFile = opts.apiKeyFile ?? config.service.apiKeyFile ?? (config.service.url ? undefined : path.join(loc.dataDir, 'service', 'docsync.key'));
  return { baseUrl, apiKey: readApiKey({ keyFile }) };
}

/** The folder containing `abs` among the watched folders. */
function folderOf(config: Config, abs: string) {
  return config.folders.find((f) => abs === f.path || abs.startsWith(f.path + path.sep));
}

/** --files: local paths to the service's file ids, through the state database. */
function fileScope(loc: Locations, config: Config, files: string[]): AgentScope {
  const ids = withDb(loc, (db) =>
    files.flatMap((p) => {
      const abs = path.resolve(p);
      const folder = folderOf(config, abs);
      const found = folder ? parseFileIds(fileIdsAt(db, folder.path, path.relative(folder.path, abs).split(path.sep).join('/'))) : [];
      if (found.length === 0) throw new ConfigError('CONFIG_INVALID', `${p} has not been uploaded by a watched folder yet`);
      return found;
    }),
  );
  return { file_ids: ids.slice(0, MAX_IDS) };
}

/** --folder: its remote directory, or the newest files synced from it. */
function folderScope(loc: Locations, config: Config, folderPath: string): AgentScope {
  const abs = path.resolve(folderPath);
  const folder = config.folders.find((f) => f.path === abs);
  if (!folder) throw new ConfigError('CONFIG_INVALID', `${folderPath} is not a watched folder`);
  if (folder.directoryId) return { directory_id: folder.directoryId };
  const rows = withDb(loc, (db) => newestFileIds(db, abs));
  return { file_ids: rows.flatMap((r) => parseFileIds(r)).slice(0, MAX_IDS) };
}

/** The scope the flags name; undefined when they name none. */
function scopeOf(loc: Locations, config: Config, opts: AskOptions): AgentScope | undefined {
  if (opts.files?.length) return fileScope(loc, config, opts.files);
  if (opts.folder) return folderScope(loc, config, opts.folder);
  return undefined;
}

/** Local paths of the service's file ids, for the files a watched folder uploaded. */
function localPaths(loc: Locations, fileIds: string[]): Map<string, string> {
  const wanted = new Set(fileIds);
  const found = new Map<string, string>();
  if (wanted.size === 0) return found;
  withDb(loc, (db) => {
    for (const id of wanted) {
      const file = fileOfRemoteId(db, id);
      if (file) found.set(id, whereNow(file));
    }
  });
  return found;
}

function formatSources(job: Job, names: Map<string, string>): string {
  if (job.citations.length === 0) return '';
  const lines = job.citations.map((c, i) => `  ${i + 1}. ${names.get(c.file_id) ?? `file ${c.file_id}`}${c.page !== null ? `, page ${c.page}` : ''}: “${c.snippet}”`);
  return `\nSources:\n${lines.join('\n')}\n`;
}

/** Poll until the job settles, writing the answer as it grows; the first Ctrl-C asks for a stop. */
async function follow(client: ServiceClient, sessionId: string, jobId: string, stream: boolean): Promise<{ job: Job; interrupted: boolean }> {
  let shown = 0;
  let interrupted = false;
  const onSigint = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    process.stderr.write('\nstopping…\n');
    client.stopAgentSession(sessionId).catch((err: Error) => process.stderr.write(`stop failed: ${err.message}\n`));
  };
  process.on('SIGINT', onSigint);
  try {
    for (;;) {
      const job = await client.getAgentJob(jobId);
      const text = job.answer ?? job.partial_answer ?? '';
      if (stream && text.length > shown) {
        process.stdout.write(text.slice(shown));
        shown = text.length;
      }
      if (TERMINAL.has(job.status)) return { job, interrupted };
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    process.off('SIGINT', onSigint);
  }
}

async function runAsk(question: string, opts: AskOptions): Promise<void> {
  const loc = locations(opts);
  const config = readConfig(loc);
  const client = new ServiceClient(connection(loc, config, opts));
  try {
    const scope = scopeOf(loc, config, opts);
    // A new session holds the scope (all documents unless the flags narrow it); a turn in an
    // existing session narrows only when the flags say so.
    const sessionId = opts.session ?? (await client.createAgentSession({ title: question.slice(0, 80), ...(scope ?? { use_all_files: true }) })).session_id;
    const handle = await client.askAgent(sessionId, {
      user_prompt: question,
      ...(opts.session ? scope : {}),
      allow_ai_query_subagent: opts.query,
      ...(opts.language ? { language_code: opts.language } : {}),
    });
    if (!opts.wait) {
      // The poll address needs the API key; the command to follow the answer does not.
      process.stdout.write(opts.json ? `${JSON.stringify(handle)}\n` : `job ${handle.job_id} ${handle.status} (session ${sessionId})\nthe answer: docsync answer ${handle.job_id}\n`);
      return;
    }
    await printJob(loc, client, sessionId, handle.job_id, opts);
  } finally {
    await client.close();
  }
}

/** Follows a job to its end, writing its answer as it grows, then its sources (or the job as JSON). */
async function printJob(loc: Locations, client: ServiceClient, sessionId: string, jobId: string, opts: { json?: boolean }): Promise<void> {
  const { job, interrupted } = await follow(client, sessionId, jobId, !opts.json);
  if (opts.json) process.stdout.write(`${JSON.stringify(job, null, 2)}\n`);
  else process.stdout.write(`\n${job.status === 'COMPLETED' ? '' : `[${job.status}${job.error ? `: ${job.error.message}` : ''}]\n`}${formatSources(job, localPaths(loc, job.citations.map((c) => c.file_id)))}`);
  if (job.status !== 'COMPLETED') process.exitCode = interrupted ? 130 : 1;
}

/** `docsync answer JOB`: the answer of a question asked without --wait, followed to its end. */
async function runAnswer(jobId: string, opts: AskOptions): Promise<void> {
  const loc = locations(opts);
  const client = new ServiceClient(connection(loc, readConfig(loc), opts));
  try {
    const { session_id } = await client.getAgentJob(jobId);
    await printJob(loc, client, session_id, jobId, opts);
  } finally {
    await client.close();
  }
}

/** A service's refusal in one line and exit 1; anything else as every command reports it. */
async function reportErrors(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    if (err instanceof ServiceError) {
      process.stderr.write(`docsync: ${err.message}\n`);
      process.exit(1);
    }
    fail(err);
  }
}

/** `docsync ask "question" [--folder F] [--files ...] [--wait] [--json]` and `docsync answer JOB`. */
export function registerAskCommand(program: Command): void {
  withCommon(program.command('answer <jobId>'))
    .description('print the answer of a question asked without --wait (followed until it ends; Ctrl-C stops it)')
    .option('--json', 'machine-readable output', false)
    .option('--service-url <url>', 'service address (default: service.url of the config)')
    .option('--api-key-file <file>', 'file holding the API key; or set DOCSYNC_API_KEY')
    .action((jobId: string, opts: AskOptions) => reportErrors(() => runAnswer(jobId, opts)));

  withCommon(program.command('ask <question>'))
    .description('ask a question about your documents; Ctrl-C stops the run')
    .option('--folder <path>', 'only the documents of this watched folder')
    .option('--files <paths...>', 'only these files (as synced by a watched folder)')
    .option('--session <id>', 'add the turn to this session instead of a new one')
    .option('--wait', 'wait for the answer and print it as it is written', false)
    .option('--json', 'machine-readable output', false)
    .option('--language <tag>', 'answer in this language (BCP-47, e.g. ja)')
    .option('--no-query', 'do not let the agent compute figures over the extracted values')
    .option('--service-url <url>', 'service address (default: service.url of the config)')
    .option('--api-key-file <file>', 'file holding the API key; or set DOCSYNC_API_KEY')
    .action((question: string, opts: AskOptions) => reportErrors(() => runAsk(question, opts)));
}

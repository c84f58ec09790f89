// Team-service processes for teamService.test.ts and the `team` benchmark: each runs
// serviceProcess.ts on one PostgreSQL database and one blob folder; uploads go to them as a
// reverse proxy would send them (a ticket, then the PUT to the address the ticket names).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'serviceProcess.ts');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

export interface TeamProcess {
  child: ChildProcess;
  url: string;
  pid: number;
}

/** Starts one service process (env: serviceProcess.ts) and resolves once it listens. */
export async function startTeamProcess(env: Record<string, string>): Promise<TeamProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`service process exited (${code}) before listening`)));
  });
  const { url, pid } = JSON.parse(line) as { url: string; pid: number };
  return { child, url, pid };
}

/** Stops a process (SIGTERM: it closes its service), or kills it when it does not exit in time. */
export async function stopTeamProcess(p: TeamProcess): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise((resolve) => p.child.once('exit', resolve));
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** A text upload through the service at `url`: the ticket, then its bytes; resolves to the upload id. */
export async function uploadText(url: string, key: string, fileName: string, text: string): Promise<string> {
  const res = await fetch(`${url}/prod/v1/files/upload`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ fileName, fileType: 'text/plain' }),
  });
  if (res.status !== 200) throw new Error(`ticket: ${res.status} ${await res.text()}`);
  const ticket = (await res.json()) as { uploadId: string; presignedUploadURL: string };
  const put = await fetch(ticket.presignedUploadURL, { method: 'PUT', body: text, headers: { 'content-type': 'text/plain' } });
  await put.arrayBuffer();
  if (put.status !== 200) throw new Error(`put: ${put.status}`);
  return ticket.uploadId;
}

// `docsync logs [-f] [--file NAME]`: the daemon's log as lines a person reads, one per file
// step ("scan-0042.pdf: uploaded"), optionally only those about one file, following the log
// across its rotation.
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { fail, locations, withCommon, type CommonOptions } from './options.js';

interface LogLine { time: number; level: number; msg: string; file?: string; err?: { message?: string } }

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** One JSON log line as text, or null when it does not match the filter (or is not JSON). */
export function formatLogLine(raw: string, fileFilter?: string): string | null {
  let j: LogLine;
  try {
    j = JSON.parse(raw) as LogLine;
  } catch {
    return null;
  }
  if (fileFilter) {
    const needle = fileFilter.normalize('NFC').toLowerCase();
    const about = `${j.file ?? ''}\n${j.msg ?? ''}`.normalize('NFC').toLowerCase();
    if (!about.includes(needle)) return null;
  }
  const d = new Date(j.time);
  const pad = (n: number) => String(n).padStart(2, '0');
  const when = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  const error = j.err?.message ? ` (${j.err.message})` : '';
  return `${when}  ${(LEVELS[j.level] ?? String(j.level)).padEnd(5)}  ${j.msg}${error}`;
}

/** The last `n` matching lines of the log (the current file, then the rotated ones before it). */
export function lastLines(logFile: string, n: number, fileFilter?: string): string[] {
  const out: string[] = [];
  for (const file of [logFile, `${logFile}.1`, `${logFile}.2`]) {
    if (!fs.existsSync(file)) continue;
    const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
    for (let i = lines.length - 1; i >= 0 && out.length < n; i--) {
      const text = formatLogLine(lines[i]!, fileFilter);
      if (text) out.push(text);
    }
    if (out.length >= n) break;
  }
  return out.reverse();
}

/** Prints lines appended to the log from `offset` on; starts again at 0 when the file was rotated. */
export function follow(logFile: string, fileFilter: string | undefined, write: (s: string) => void, pollMs = 300): () => void {
  let offset = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
  let ino = fs.existsSync(logFile) ? fs.statSync(logFile).ino : 0;
  let rest = '';
  const tick = () => {
    const st = fs.statSync(logFile, { throwIfNoEntry: false });
    if (!st) return;
    if (st.ino !== ino || st.size < offset) ((offset = 0), (ino = st.ino), (rest = ''));
    if (st.size === offset) return;
    const fd = fs.openSync(logFile, 'r');
    try {
      const buf = Buffer.alloc(st.size - offset);
      fs.readSync(fd, buf, 0, buf.length, offset);
      offset = st.size;
      const lines = (rest + buf.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const text = formatLogLine(line, fileFilter);
        if (text) write(text + '\n');
      }
    } finally {
      fs.closeSync(fd);
    }
  };
  const timer = setInterval(tick, pollMs);
  return () => clearInterval(timer);
}

export function registerLogsCommand(program: Command): void {
  withCommon(program.command('logs'))
    .description('show the log: one line per file step (found, settled, uploaded, processed, exported, failed with the reason)')
    .option('-f, --follow', 'keep printing new lines as they come (Ctrl+C stops)')
    .option('--file <name>', 'only lines about files whose name contains NAME')
    .option('-n, --lines <n>', 'how many earlier lines to show', '50')
    .action((opts: CommonOptions & { follow?: boolean; file?: string; lines: string }) => {
      try {
        const logFile = path.join(locations(opts).dataDir, 'docsync.log');
        const n = Math.max(0, Number(opts.lines) || 0);
        for (const line of lastLines(logFile, n, opts.file)) process.stdout.write(line + '\n');
        if (opts.follow) {
          const stop = follow(logFile, opts.file, (s) => process.stdout.write(s));
          process.once('SIGINT', () => (stop(), process.exit(0)));
          process.once('SIGTERM', () => (stop(), process.exit(0)));
        }
      } catch (err) {
        fail(err);
      }
    });
}

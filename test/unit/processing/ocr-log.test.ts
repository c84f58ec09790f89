// The service's log says what went wrong, and only that: a tesseract worker for Italian (the accent pass reads
// Italian names) logged "failed to load ./ita.special-words", a file its data names but does not hold (tessdata#18).
// Run in a child process, whose stderr is the service's log as a person reads it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers.js';

describe("the OCR workers' log", () => {
  it('has no error for a language whose data names a word list it lacks (Italian)', { timeout: 120_000 }, () => {
    const script = path.join(tempDir(), 'ita.mts');
    const pool = path.resolve('src/service/processing/ocr/pool.ts');
    fs.writeFileSync(script, `import { withWorker, shutdownOcr } from ${JSON.stringify(pool)};\n`
      + "console.log(await withWorker(['ita'], async () => 'ready'));\n"
      + 'await shutdownOcr();\n');
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: path.resolve('.'), encoding: 'utf8' });
    expect(run.stdout.trim()).toBe('ready');
    expect(run.stderr).not.toMatch(/failed to load|error/i);
  });
});


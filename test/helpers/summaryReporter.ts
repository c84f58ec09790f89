import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the plain closing line `N passed, N failed, N skipped` that CI reads, and above it every
 * test file that did not pass whole (failed, or left tests unrun when its worker died), so a CI log
 * that shows only its tail still names the file.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    const notPassed: string[] = [];
    for (const mod of modules) {
      const tests = [...mod.children.allTests()];
      if (mod.state() === 'failed' && tests.length === 0) failed++;
      const counts = { passed: 0, failed: 0, other: 0 };
      for (const test of tests) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else if (test.options.mode !== 'skip' && test.options.mode !== 'todo') counts.other++;
        else skipped++;
      }
      passed += counts.passed;
      failed += counts.failed;
      skipped += counts.other;
      if (mod.state() === 'failed' || counts.failed || counts.other) {
        const name = path.relative(process.cwd(), mod.moduleId);
        notPassed.push(`  ${name} [${mod.project.name}]: ${mod.state()}, ${counts.failed} failed, ${counts.other} not run`);
      }
    }
    if (notPassed.length) process.stdout.write(`\nnot passed:\n${notPassed.join('\n')}\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

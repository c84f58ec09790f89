import { execFileSync } from 'node:child_process';

/** Whether valgrind is installed; says so when it is not (the instruction benches need it: `apt-get install valgrind`). */
export function valgrindInstalled(): boolean {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    console.log('valgrind is not installed (apt-get install valgrind): no instruction counts');
    return false;
  }
}

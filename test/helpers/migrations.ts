import fs from 'node:fs';
import path from 'node:path';

/** A folder `<dir>/migrations` holding the migrations of `source` that sort before `first`: a database as an earlier version made it. */
export function migrationsBefore(dir: string, source: string, first: string): string {
  const earlier = path.join(dir, 'migrations');
  fs.mkdirSync(earlier);
  for (const f of fs.readdirSync(source).filter((f) => f < first)) fs.copyFileSync(path.join(source, f), path.join(earlier, f));
  return earlier;
}

// Global setup of the `postgres` test project (vitest.config.ts): one throw-away PostgreSQL
// cluster for the run, whose address the services of the tests get through
// DOCSYNC_TEST_DATABASE_URL (src/service/testing.ts: a fresh schema each). Stopped and removed
// when the run ends.
import { startPostgresCluster } from './postgresCluster.js';

export default function setup(): () => void {
  const cluster = startPostgresCluster();
  process.env.DOCSYNC_TEST_DATABASE_URL = cluster.url;
  return () => cluster.stop();
}

// Global setup of the `postgres` test project (vitest.config.ts): one throw-away PostgreSQL
// cluster for the run, whose address the services of the tests get through
// DOCSYNC_TEST_POSTGRES_URL (src/service/testing.ts: a fresh schema each). The variable reaches
// every project's workers, so only the project that sets DOCSYNC_TEST_ENGINE=postgres
// (vitest.config.ts) uses it. Stopped and removed when the run ends.
import { startPostgresCluster } from './postgresCluster.js';

export default function setup(): () => void {
  const cluster = startPostgresCluster();
  process.env.DOCSYNC_TEST_POSTGRES_URL = cluster.url;
  return () => cluster.stop();
}

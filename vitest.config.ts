import { defineConfig } from 'vitest/config';

// Two projects, one `vitest run`: every test on the embedded default (SQLite), and the service's
// contract and conformance tests again against PostgreSQL (the team service), on a throw-away
// cluster that test/helpers/postgresSetup.ts starts for the run (PostgreSQL must be installed:
// .ci/run installs Debian's package). Left out on PostgreSQL: tests of SQLite itself (file modes
// of service.db, the embedded service of a daemon) and the processing-engine suites (OCR, formats),
// whose database writes are those of uploads.test.ts and would only double their CPU time.
const POSTGRES_TESTS = [
  'test/integration/service/contract*.test.ts',
  'test/integration/service/fuzz.test.ts',
  'test/integration/service/{uploads,uploads.jobRows,uploads.batch,uploads.callbacks,uploads.callbackAddress,uploads.pipeline,uploads.restart}.test.ts',
  'test/integration/service/{files.values,files.preview,files.delete,directories,claims,preparedOnce}.test.ts',
  'test/integration/service/fileTypes*.test.ts',
  'test/integration/agent/{sessions,runs,scope,answers,restart,figures}.test.ts',
  'test/integration/review/{vendorMemory,servicePages}.test.ts',
  'test/integration/service/postgres/**/*.test.ts',
];

export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', './test/helpers/summaryReporter.ts'],
    projects: [
      // The unit tests share one process (isolate: false): each file would otherwise import the project again in a
      // fresh fork and warm its caches again (about 1.3 s of CPU a file; 25 processing files: 48 -> 16 s). The ones
      // that change an env var, the clock or a module's function put it back (ocr-graph, ocr-memory, settle).
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          exclude: ['test/integration/service/postgres/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: POSTGRES_TESTS,
          env: { DOCSYNC_TEST_ENGINE: 'postgres' },
          globalSetup: ['./test/helpers/postgresSetup.ts'],
        },
      },
    ],
  },
});

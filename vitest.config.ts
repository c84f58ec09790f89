import { defineConfig } from 'vitest/config';

// Two projects, one `vitest run`: every test on the embedded default (SQLite), and the service's
// conformance and contract tests again against PostgreSQL (the team service), on a throw-away
// cluster that test/helpers/postgresSetup.ts starts for the run (PostgreSQL must be installed:
// .ci/run installs Debian's package).
export const POSTGRES_TESTS = ['test/integration/service/contract*.test.ts', 'test/integration/service/postgres/**/*.test.ts'];

export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', './test/helpers/summaryReporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          exclude: ['test/integration/service/postgres/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: POSTGRES_TESTS,
          globalSetup: ['./test/helpers/postgresSetup.ts'],
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

// Three tiers (STYLE.md): unit tests beside the code, integration tests (*.int.test.ts) against real
// services and a real database, and browser tests in tests/e2e driving the built app in Chromium.
// Unit and integration tests run two files at a time (one per core; the integration tests' time is much waiting on
// PostgreSQL and the services they start). The browser tests and the failover test follow, one file at a time: they
// share one running system, and the failover test kills and restarts services (tests/vitest.config.ts).
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      'rules/vitest.config.ts',
      'database/vitest.config.ts',
      'backend/vitest.config.ts',
      'mainzelliste/vitest.config.ts',
      'gateway/vitest.config.ts',
      'web/vitest.config.ts',
      'deploy/vitest.config.ts',
      'tests/vitest.config.ts',
      'tests/vitest.failover.config.ts',
      'scripts/vitest.config.mjs',
    ],
  },
});

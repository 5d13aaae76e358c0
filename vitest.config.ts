import { defineConfig } from 'vitest/config';

// Three tiers (STYLE.md): unit tests beside the code, integration tests (*.int.test.ts) against real
// services and a real database, and browser tests in tests/e2e driving the built app in Chromium.
export default defineConfig({
  test: {
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

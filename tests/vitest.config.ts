import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // A browser step waits for the server as a user would; vitest's default of 1 s is too short on a loaded machine.
    expect: { poll: { timeout: 10_000 } },
  },
});

import { defineProject, mergeConfig, type UserWorkspaceConfig } from 'vitest/config';

/**
 * A Node workspace's unit and integration tests (src/**\/*.test.ts). They mock no modules and change no globals, so the
 * files a worker runs share its module cache (`isolate: false`): the service's code is imported once per worker, not
 * once per file, which was a third of the backend's test time. Files run in parallel beside the other projects
 * (root vitest.config.ts); each integration test file has its own database, copied from a migrated template.
 */
export function nodeProject(name: string, overrides: UserWorkspaceConfig = {}): UserWorkspaceConfig {
  return mergeConfig(
    defineProject({
      test: {
        name,
        include: ['src/**/*.test.ts'],
        isolate: false,
        globalSetup: ['../vitest.template-database.ts'],
        setupFiles: ['../vitest.file-database.ts'],
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    }),
    overrides,
  );
}

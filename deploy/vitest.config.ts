import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'deploy',
    include: ['src/**/*.test.ts'],
    // The restore drill starts the built services and creates databases; files run one after another.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

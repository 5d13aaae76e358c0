import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'mainzelliste',
    include: ['src/**/*.test.ts'],
    // Integration tests share one database; files run one after another to keep the two cores free.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'database',
    include: ['src/**/*.test.ts'],
    // Integration tests may share one PostgreSQL database; files run one after another.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

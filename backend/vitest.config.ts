import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'backend',
    include: ['src/**/*.test.ts'],
    // Integration tests share one database; files run one after another to keep the two cores free.
    fileParallelism: false,
    // No module mocks or changed globals here: the files share the worker's module cache, so the backend is imported
    // once, not once per file (a third of the backend's test time; issue 30 item 5).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

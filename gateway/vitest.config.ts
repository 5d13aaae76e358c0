import { createRequire } from 'node:module';
import { defineProject } from 'vitest/config';

export default defineProject({
  // Node loads graphql's CommonJS build (the package has no exports map), Vite would pick its .mjs: one copy, as in
  // production, because graphql-ws takes errors from onSubscribe only as instances of its GraphQLError.
  resolve: { alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }] },
  test: {
    name: 'gateway',
    include: ['src/**/*.test.ts'],
    fileParallelism: false,
    // No module mocks or changed globals: the files share one worker and its module cache instead of a process and an
    // import of the gateway each (issue 30 item 5, docs/benchmarks.md).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

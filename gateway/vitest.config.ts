import { createRequire } from 'node:module';
import { nodeProject } from '../vitest.node-project.js';

export default nodeProject('gateway', {
  // Node loads graphql's CommonJS build (the package has no exports map), Vite would pick its .mjs: one copy, as in
  // production, because graphql-ws takes errors from onSubscribe only as instances of its GraphQLError.
  resolve: { alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }] },
});

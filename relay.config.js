// relay-compiler reads this from the repository root; artifacts are generated, never edited.
// The root package is ESM, but relay-compiler and babel-plugin-relay (cosmiconfig 5) load this file with
// require(); Node's require(esm) returns the export named "module.exports", so both get the plain object.
import { join } from 'node:path';

const here = import.meta.dirname;
const config = {
  src: join(here, 'web/src'),
  // schema.graphql with its `extend type`s merged (scripts/relay-schema.mjs): relay-compiler would take
  // extensions for client-only fields.
  schema: join(here, 'web/__generated__/schema.graphql'),
  language: 'typescript',
  artifactDirectory: join(here, 'web/src/__generated__'),
  eagerEsModules: true,
  excludes: ['**/node_modules/**', '**/__generated__/**'],
};

export { config as 'module.exports' };
export default config;

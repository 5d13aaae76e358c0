// relay-compiler reads this from the repository root; artifacts are generated, never edited.
// The root package is ESM, but relay-compiler and babel-plugin-relay (cosmiconfig 5) load this file with
// require(); Node's require(esm) returns the export named "module.exports", so both get the plain object.
import { join } from 'node:path';

const here = import.meta.dirname;
const config = {
  src: join(here, 'web/src'),
  // The merged schema (no `extend type`s, which relay-compiler would take for client-only fields).
  schema: join(here, 'schema.graphql'),
  language: 'typescript',
  // The date scalars travel as ISO text, the documents as the rule engine's types (docs/gateway.md "Conventions").
  customScalarTypes: {
    Date: 'string',
    DateTime: 'string',
    PartialDate: 'string',
    StudyDefinitionModel: { name: 'StudyDefinition', path: '@ecrf/rules' },
    StudyPatientDocumentation: { name: 'PatientDocumentation', path: '@ecrf/rules' },
    DisplayTexts: { name: 'DisplayTexts', path: '@ecrf/rules' },
    DataFieldDocument: { name: 'DataFieldInstance', path: '@ecrf/rules' },
    FieldValueDocument: { name: 'FieldValue', path: '@ecrf/rules' },
  },
  useImportTypeSyntax: true,
  artifactDirectory: join(here, 'web/src/__generated__'),
  eagerEsModules: true,
  // Persisted operations (issue 15 item 9): each artifact carries the sha256 of its text as `id` and no text;
  // the map id → text is generated here, and the web build puts it beside the app for the gateway.
  persistConfig: { file: join(here, 'web/src/__generated__/persisted-operations.json'), algorithm: 'SHA256' },
  excludes: ['**/node_modules/**', '**/__generated__/**'],
};

export { config as 'module.exports' };
export default config;

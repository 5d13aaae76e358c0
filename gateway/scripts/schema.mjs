// The graph's SDL is written by domain in gateway/schema/*.graphql; this merges the files into the
// top-level schema.graphql that the gateway, its codegen, relay-compiler and integrators read.
// `npm run schema` writes it; the drift test (src/schema-files.test.ts) fails when the two disagree.
import { readFile, writeFile } from 'node:fs/promises';
import { buildSchema, printSchema } from 'graphql';

/** Domain files in reading order: the graph's conventions first, then the spec's areas. */
export const SCHEMA_DOMAINS = [
  'graph',
  'session',
  'users',
  'institutes',
  'network',
  'audit',
  'study-definitions',
  'study-patients',
  'visits',
  'instruments',
  'case-process',
  'identity',
  'data-queries',
  'verification-flags',
  'exports',
  'onkozert',
  'obds-import',
  'safety',
  'generic-exports',
  'projects',
  'terminology',
  'follow-up-calendar',
  'system',
  'elearning',
  'news-documents',
  'questionnaires',
  'form-history',
];

/** The folder of the domain files. */
const SCHEMA_DIR = new URL('../schema/', import.meta.url);

const HEADER = '# Generated from gateway/schema/*.graphql by `npm run schema`. Edit the domain files, not this one.\n\n';

export async function mergedSchema() {
  const parts = await Promise.all(SCHEMA_DOMAINS.map((domain) => readFile(new URL(`${domain}.graphql`, SCHEMA_DIR), 'utf8')));
  return `${HEADER}${printSchema(buildSchema(parts.join('\n')))}\n`;
}

export const SCHEMA_FILE = new URL('../../schema.graphql', import.meta.url);

if (process.argv[1] === new URL(import.meta.url).pathname) {
  await writeFile(SCHEMA_FILE, await mergedSchema());
}

// Writes src/__generated__/database.ts, the Kysely types of the schema mainzelliste, from a database
// migrated with mainzelliste/migrations (docs/decisions.md "Table types from the migrated database").
import { fileURLToPath } from 'node:url';
import { writeTableTypes } from '@ecrf/database';

const path = (relative) => fileURLToPath(new URL(relative, import.meta.url));

await writeTableTypes({
  migrations: path('../migrations'),
  schema: 'mainzelliste',
  out: path('../src/__generated__/database.ts'),
  // What the service stores in each jsonb column (modules relative to the written file).
  jsonColumns: {
    'patient.fields': 'Record<string, string>',
    'patient.match_data': '../matching/prepare.js#MatchData',
    'audit_event.pseudonyms': '../db/json-columns.js#Pseudonym[]',
  },
});

/**
 * Loads the shipped definition files (backend/definitions, the demo lung-cancer registry) at start:
 * into a database without any study definition they are created; a definition loaded earlier gets the
 * file's version when the file has a higher one. A broken file, or a changed file that kept its version
 * number, stops the start with an error naming the file and the place (docs/definitions.md).
 */
import { sql, type Kysely } from 'kysely';
import { SYSTEM_ACTOR } from '../audit/audit.service.js';
import type { DB } from '../db/schema.js';
import { DefinitionFileError } from './format/compile-context.js';
import { loadDefinitionDirectory, shippedDefinitionsDir } from './format/definition-file.js';
import { addDefinitionVersion, checksumOf, createDefinition } from './study-definitions.service.js';
import { EcrfError } from '../errors/errors.js';

const DEFINITION_SEED_LOCK_KEY = 4_100_010;

/** Returns the identifiers of the definitions created or given a new version. */
export async function loadShippedDefinitions(db: Kysely<DB>, dir: string = shippedDefinitionsDir): Promise<string[]> {
  const files = loadDefinitionDirectory(dir);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${DEFINITION_SEED_LOCK_KEY})`.execute(trx);
    const any = await trx.selectFrom('study_definition').select('id').executeTakeFirst();
    const changed: string[] = [];
    for (const { file, document, compiled } of files) {
      const row = await trx.selectFrom('study_definition').select(['id', 'current_version']).where('identifier', '=', compiled.identifier).where('is_deleted', '=', false).executeTakeFirst();
      try {
        if (!row) {
          if (any) continue;
          await createDefinition(trx, compiled, document, SYSTEM_ACTOR, `definition file ${file}`);
        } else if (compiled.version > row.current_version) {
          await addDefinitionVersion(trx, row.id, compiled, document, SYSTEM_ACTOR, `definition file ${file}`);
        } else {
          const stored = await trx.selectFrom('study_definition_version').select('checksum').where('study_definition_id', '=', row.id).where('version', '=', compiled.version).executeTakeFirst();
          if (stored && stored.checksum !== checksumOf(document)) {
            throw new DefinitionFileError(file, [{ place: 'version', message: `version ${compiled.version} is loaded already with other content; raise the version to load the change` }]);
          }
          continue;
        }
      } catch (error) {
        if (error instanceof EcrfError && error.extras.messages) {
          throw new DefinitionFileError(file, error.extras.messages.map((m) => ({ place: m.split(': ')[0] ?? '', message: m.slice((m.split(': ')[0] ?? '').length + 2) })));
        }
        throw error;
      }
      changed.push(compiled.identifier);
    }
    return changed;
  });
}

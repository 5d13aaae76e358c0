/**
 * Loads the shipped definition files (backend/definitions, the demo lung-cancer registry) at start:
 * into a database without any study definition they are created; a definition loaded earlier gets the
 * file's version when the file has a higher one. A broken file, or a changed file that kept its version
 * number, stops the start with an error naming the file and the place (docs/definitions.md).
 */
import type { Kysely } from 'kysely';
import { SYSTEM_ACTOR } from '../audit/audit.service.js';
import type { DB } from '../__generated__/database.js';
import { DefinitionFileError } from './format/compile-context.js';
import { loadDefinitionDirectory, shippedDefinitionsDir } from './format/definition-file.js';
import { addDefinitionVersion, checksumOf, createDefinition } from './study-definitions.service.js';
import { anyDefinitionExists, findDefinitionVersion, findLiveDefinition, lockDefinitionLoading } from './study-definitions.sql.js';
import { EcrfError } from '../errors/errors.js';

/** Returns the identifiers of the definitions created or given a new version. */
export async function loadShippedDefinitions(db: Kysely<DB>, dir: string = shippedDefinitionsDir): Promise<string[]> {
  const files = loadDefinitionDirectory(dir);
  return db.transaction().execute(async (trx) => {
    await lockDefinitionLoading(trx);
    const any = await anyDefinitionExists(trx);
    const changed: string[] = [];
    for (const { file, document, compiled } of files) {
      const row = await findLiveDefinition(trx, compiled.identifier);
      try {
        if (!row) {
          if (any) continue;
          await createDefinition(trx, compiled, document, SYSTEM_ACTOR, `definition file ${file}`);
        } else if (compiled.version > row.current_version) {
          await addDefinitionVersion(trx, row.id, compiled, document, SYSTEM_ACTOR, `definition file ${file}`);
        } else {
          const stored = await findDefinitionVersion(trx, row.id, compiled.version);
          if (stored && stored.checksum !== checksumOf(document)) {
            throw new DefinitionFileError(file, [
              {
                place: 'version',
                message: `version ${compiled.version} is loaded already with other content; raise the version to load the change`,
              },
            ]);
          }
          continue;
        }
      } catch (error) {
        if (error instanceof EcrfError && error.extras.messages) {
          throw new DefinitionFileError(
            file,
            error.extras.messages.map((m) => ({ place: m.split(': ')[0] ?? '', message: m.slice((m.split(': ')[0] ?? '').length + 2) })),
          );
        }
        throw error;
      }
      changed.push(compiled.identifier);
    }
    return changed;
  });
}

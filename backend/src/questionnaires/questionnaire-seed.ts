/**
 * Loads the shipped questionnaire files on every start (docs/backend.md "Questionnaires"): a version the database
 * lacks is added and audited; a stored version must equal its file, because interviews were scored with it (a
 * changed file needs a new version). Several processes starting at once add each version once.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { SYSTEM_ACTOR, audit } from '../audit/audit.service.js';
import { readQuestionnaireFiles, shippedQuestionnairesDir } from './questionnaire-files.js';

export async function loadShippedQuestionnaires(db: Kysely<DB>, dir: string = shippedQuestionnairesDir): Promise<void> {
  for (const definition of readQuestionnaireFiles(dir)) {
    await db.transaction().execute(async (trx) => {
      const added = await trx
        .insertInto('questionnaire')
        .values({
          identifier: definition.identifier,
          version: definition.version,
          title: definition.title,
          definition: JSON.stringify(definition),
        })
        .onConflict((oc) => oc.columns(['identifier', 'version']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (added) {
        await audit(trx, {
          actor: SYSTEM_ACTOR,
          tableName: 'questionnaire',
          recordId: added.id,
          operation: 'Create',
          newValue: { identifier: definition.identifier, version: definition.version, title: definition.title },
          reason: 'seed',
        });
        return;
      }
      const stored = await trx
        .selectFrom('questionnaire')
        .select('definition')
        .where('identifier', '=', definition.identifier)
        .where('version', '=', definition.version)
        .executeTakeFirstOrThrow();
      if (!isDeepStrictEqual(stored.definition, definition)) {
        throw new Error(
          `questionnaire ${definition.identifier} version ${definition.version} differs from the stored one; give the changed file a new version`,
        );
      }
    });
  }
}

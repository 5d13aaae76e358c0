/**
 * Loads the shipped questionnaire files on every start (docs/backend.md "Questionnaires"): a version the database
 * lacks is added and audited; a stored version must equal its file, because interviews were scored with it (a
 * changed file needs a new version). Several processes starting at once add each version once.
 */
import { isDeepStrictEqual } from 'node:util';
import { scoreQuestionnaire } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { SYSTEM_ACTOR, audit } from '../audit/audit.service.js';
import { readQuestionnaireFiles, shippedQuestionnairesDir } from './questionnaire-files.js';
import { insertInterview } from './questionnaires.sql.js';

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

/** The demo's answered PHQ-9: DEMO-1001-1 answered it once (total 8, mild), so its patient screen shows a score. */
const DEMO_INTERVIEW = {
  pseudonym: 'DEMO-1001-1',
  completedAt: new Date('2025-06-02T09:30:00.000Z'),
  answers: [1, 1, 2, 1, 1, 0, 1, 1, 0].map((value, i) => ({ itemId: `phq9_0${i + 1}`, code: String(value) })),
};

/** Adds the demo interview to a freshly seeded demo registry (issue 13: scores show on the patient). */
export async function seedDemoInterview(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const questionnaire = await trx
      .selectFrom('questionnaire')
      .select(['id', 'definition'])
      .where('identifier', '=', 'phq-9')
      .orderBy('loaded_at', 'desc')
      .executeTakeFirst();
    const patient = await trx
      .selectFrom('study_patient as sp')
      .innerJoin('patient as p', 'p.id', 'sp.patient_id')
      .select('sp.id')
      .where('p.pseudonym', '=', DEMO_INTERVIEW.pseudonym)
      .executeTakeFirst();
    if (!questionnaire || !patient) return;
    const score = scoreQuestionnaire(questionnaire.definition, DEMO_INTERVIEW.answers);
    const completed = {
      questionnaireId: questionnaire.id,
      studyPatientId: patient.id,
      state: 'completed',
      enteredBy: 'patient',
      answers: DEMO_INTERVIEW.answers,
      totalScore: score.total,
      band: score.band.code,
      flags: score.flags.map((f) => f.code),
    };
    const id = await insertInterview(trx, {
      questionnaire_id: questionnaire.id,
      study_patient_id: patient.id,
      state: 'completed',
      created_by: SYSTEM_ACTOR.userName,
      created_at: DEMO_INTERVIEW.completedAt,
      completed_at: DEMO_INTERVIEW.completedAt,
      entered_by: 'patient',
      answers: JSON.stringify(DEMO_INTERVIEW.answers),
      total_score: score.total,
      band: score.band.code,
      flags: JSON.stringify(completed.flags),
    });
    await audit(trx, {
      actor: SYSTEM_ACTOR,
      tableName: 'questionnaire_interview',
      recordId: id,
      operation: 'Create',
      newValue: completed,
      reason: 'seed',
    });
  });
}

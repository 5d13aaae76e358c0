/**
 * The demo registry's e-learning (issue 13): five questions on documenting in the lung registry; four
 * correct answers pass. Loaded with the demo registry; outside production the Documentalist role must
 * pass it before documenting, so the gate can be tried with the demo sign-in "documentalist".
 */
import { elearningDefinitionErrors, type ElearningDefinitionContent } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { SYSTEM_ACTOR, audit } from '../audit/audit.service.js';
import { currentDefinitionOf } from '../study-definitions/study-definitions.sql.js';
import { DEMO_STUDY } from './demo-data.js';
import { studyIdOf } from '../studies/studies.sql.js';
import { findDefinitionOf, insertDefinition, insertRequirements } from '../elearning/elearning.sql.js';

export const DEMO_ELEARNING: ElearningDefinitionContent & { introduction: string } = {
  title: 'Dokumentieren im nNGM-Lungenkrebsregister',
  introduction:
    'Bevor Sie Patientinnen und Patienten im Lungenkrebsregister dokumentieren, beantworten Sie bitte diese fünf Fragen. Mindestens vier Antworten müssen richtig sein.',
  passThreshold: 4,
  questions: [
    {
      id: 'identity',
      text: 'Welche Angaben zur Person speichert das Register?',
      options: [
        { id: 'names', text: 'Name, Geburtsdatum und Anschrift' },
        { id: 'pseudonym', text: 'Nur das Pseudonym; die Identität verwaltet der Pseudonymisierungsdienst (Mainzelliste)' },
        { id: 'insurance', text: 'Die Versichertennummer im Klartext' },
      ],
      correctOptionIds: ['pseudonym'],
    },
    {
      id: 'consent',
      text: 'Was muss vorliegen, bevor Daten einer Patientin oder eines Patienten dokumentiert werden?',
      options: [
        { id: 'consent', text: 'Eine gültige Einwilligung, erfasst im Instrument „Einwilligungen“' },
        { id: 'referral', text: 'Nur eine Überweisung' },
        { id: 'nothing', text: 'Nichts, die Einwilligung kann später nachgetragen werden' },
      ],
      correctOptionIds: ['consent'],
    },
    {
      id: 'coding',
      text: 'Wie wird die Diagnose im Formular „Diagnose“ kodiert? (Mehrere Antworten richtig)',
      options: [
        { id: 'icd10', text: 'Lokalisation nach ICD-10-GM (C34.x)' },
        { id: 'icdo3', text: 'Morphologie nach ICD-O-3' },
        { id: 'ops', text: 'Diagnose als OPS-Code' },
      ],
      correctOptionIds: ['icd10', 'icdo3'],
    },
    {
      id: 'reason',
      text: 'Sie ändern einen Wert in einer abgeschlossenen oder signierten Visite. Was ist nötig?',
      options: [
        { id: 'reason', text: 'Ein Änderungsgrund, der im Audit-Trail gespeichert wird' },
        { id: 'delete', text: 'Die Visite löschen und neu anlegen' },
        { id: 'none', text: 'Nichts, die Änderung wird einfach gespeichert' },
      ],
      correctOptionIds: ['reason'],
    },
    {
      id: 'stale',
      text: 'Beim Speichern meldet das System, dass die Daten inzwischen von einer anderen Person geändert wurden. Was tun Sie?',
      options: [
        { id: 'reload', text: 'Den aktuellen Stand laden und meine Änderungen erneut eintragen' },
        { id: 'retry', text: 'So lange erneut speichern, bis es klappt' },
        { id: 'ignore', text: 'Die Meldung ignorieren, meine Daten sind gespeichert' },
      ],
      correctOptionIds: ['reload'],
    },
  ],
};

/** Adds the e-learning to the demo registry when it has none; `requireForDemo` makes the Documentalist role pass it. */
export async function seedDemoElearning(db: Kysely<DB>, requireForDemo: boolean): Promise<void> {
  const errors = elearningDefinitionErrors(DEMO_ELEARNING);
  if (errors.length > 0) throw new Error(`the demo e-learning is inconsistent: ${errors.join('; ')}`);
  const studyId = await studyIdOf(db, DEMO_STUDY.identifier, { includeDeleted: false });
  const studyDefinition = studyId ? await currentDefinitionOf(db, studyId) : undefined;
  if (!studyDefinition || (await findDefinitionOf(db, studyDefinition.id))) return;
  await db.transaction().execute(async (trx) => {
    const row = await insertDefinition(trx, { studyDefinitionId: studyDefinition.id, ...DEMO_ELEARNING });
    await audit(trx, {
      actor: SYSTEM_ACTOR,
      tableName: 'elearning_definition',
      recordId: row.id,
      operation: 'Create',
      newValue: {
        studyDefinitionId: studyDefinition.id,
        title: row.title,
        passThreshold: row.pass_threshold,
        questionCount: row.questions.length,
      },
      reason: 'seed',
    });
    if (!requireForDemo) return;
    const role = await trx.selectFrom('role').select('id').where('identifier', '=', 'Documentalist').executeTakeFirst();
    if (!role) return;
    await insertRequirements(trx, studyDefinition.id, [role.id]);
    await audit(trx, {
      actor: SYSTEM_ACTOR,
      tableName: 'elearning_requirement',
      recordId: null,
      operation: 'Create',
      newValue: { studyDefinitionId: studyDefinition.id, role: 'Documentalist' },
      reason: 'seed',
    });
  });
}

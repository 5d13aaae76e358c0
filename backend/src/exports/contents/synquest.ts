/**
 * synquest-csv-export (ecrf-calls.md §7 "Exports"): the interviews of the questionnaire system with their scores,
 * for the patients of the scope's locations. One table per questionnaire (`phq_9`), one row per interview: who
 * and where, the version, status, dates, who entered it, total, band and raised flags, then the option code of
 * every item (the union of the items of every version, so each version's rows fit).
 */
import type { QuestionnaireDefinition } from '@ecrf/rules';
import type { ExportColumn, ExportTable, TableSource } from '../../export-content/export-content.js';
import { countRows, scopedStudyPatients, STREAM_CHUNK, streamedTable } from './export-scope.sql.js';
import { PATIENT_COLUMNS, column } from './export-columns.js';

const INTERVIEW_COLUMNS: readonly ExportColumn[] = [
  ...PATIENT_COLUMNS,
  column('interview_id', 'Interview-ID'),
  column('questionnaire_version', 'Version des Fragebogens'),
  column('status', 'Status (open, completed)'),
  column('created_at', 'Zugang angelegt am', 'datetime'),
  column('created_by', 'Zugang angelegt von'),
  column('completed_at', 'Beantwortet am', 'datetime'),
  column('entered_by', 'Eingegeben von (patient, staff)'),
  column('entered_by_user', 'Eingegeben durch Mitarbeiter'),
  column('total_score', 'Summenwert', 'number'),
  column('band', 'Schweregrad (Code)'),
  column('band_txt', 'Schweregrad'),
  column('flags', 'Auffälligkeiten (Codes, durch Komma getrennt)'),
];

type Questionnaire = { id: string; identifier: string; definition: QuestionnaireDefinition };

function tableOf(versions: Questionnaire[], context: Parameters<TableSource>[0]): ExportTable {
  const { db, scope } = context;
  const [newest] = versions;
  const items = [...new Map(versions.flatMap((v) => v.definition.items).map((item) => [item.id, item])).values()];
  const byId = new Map(versions.map((v) => [v.id, v.definition]));
  const base = () =>
    scopedStudyPatients(db, scope)
      .innerJoin('questionnaire_interview as qi', 'qi.study_patient_id', 'sp.id')
      .where(
        'qi.questionnaire_id',
        'in',
        versions.map((v) => v.id),
      );
  return streamedTable({
    name: (newest?.identifier ?? 'questionnaire').replace(/-/g, '_'),
    columns: [...INTERVIEW_COLUMNS, ...items.map((item) => column(item.id, `Frage ${item.number}: ${item.text}`))],
    count: () => countRows(base()),
    stream: () =>
      base().select(['p.pseudonym', 'inst.identifier']).selectAll('qi').orderBy('qi.created_at').orderBy('qi.id').stream(STREAM_CHUNK),
    row: (r) => {
      const definition = byId.get(r.questionnaire_id);
      const answers = new Map((r.answers ?? []).map((a) => [a.itemId, a.code]));
      return {
        patient_id: r.pseudonym,
        location: r.identifier,
        interview_id: r.id,
        questionnaire_version: definition?.version ?? null,
        status: r.state,
        created_at: r.created_at,
        created_by: r.created_by,
        completed_at: r.completed_at,
        entered_by: r.entered_by,
        entered_by_user: r.entered_by_user,
        total_score: r.total_score,
        band: r.band,
        band_txt: definition?.scoring.bands.find((b) => b.code === r.band)?.label ?? null,
        flags: r.flags ? r.flags.join(',') : null,
        ...Object.fromEntries(items.map((item) => [item.id, answers.get(item.id) ?? null])),
      };
    },
  });
}

export const synQuestSource: TableSource = async (context) => {
  const questionnaires = await context.db
    .selectFrom('questionnaire')
    .select(['id', 'identifier', 'definition'])
    .orderBy('identifier')
    .orderBy('loaded_at', 'desc')
    .execute();
  const byIdentifier = new Map<string, Questionnaire[]>();
  for (const q of questionnaires) byIdentifier.set(q.identifier, [...(byIdentifier.get(q.identifier) ?? []), q]);
  return [...byIdentifier.values()].map((versions) => tableOf(versions, context));
};

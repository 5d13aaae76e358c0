/**
 * Reading the questionnaire system (ecrf-calls.md §7 "Questionnaire system"): the questionnaires, the interview of
 * an eCRF instrument, a patient's interviews by the patient identifier (the registry pseudonym) and the scores
 * of a questionnaire. Only patients the caller may read are shown (patient-workspace.ts); any other is answered
 * 404, as if it did not exist.
 */
import { hasRight, scoreRange, type QuestionnaireDefinition, type RightName } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { notFound } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import { callerLocationIds } from '../institutes/institutes.sql.js';
import { loadStudyPatient } from '../patient-documentation/patient-documents.js';
import { visibleStudyPatientIds } from '../patient-documentation/patient-workspace.js';
import type { StudyPatientRow } from '../patient-documentation/study-patients.sql.js';
import type { InterviewDto, QuestionnaireDto, ScoresDto } from './questionnaires.schemas.js';
import {
  findInstrumentPatient,
  findInterviews,
  findQuestionnaires,
  findScorePage,
  findStudyPatientsByPseudonym,
  type InterviewRow,
  type QuestionnaireRow,
} from './questionnaires.sql.js';

export function questionnaireDto(row: QuestionnaireRow, isCurrent: boolean): QuestionnaireDto {
  const definition = row.definition;
  const scored = new Set(definition.scoring.items);
  const { min, max } = scoreRange(definition);
  return {
    id: row.id,
    identifier: row.identifier,
    version: row.version,
    isCurrent,
    title: definition.title,
    shortTitle: definition.shortTitle,
    language: definition.language,
    instruction: definition.instruction,
    citation: definition.citation,
    items: definition.items.map((item) => ({
      id: item.id,
      number: item.number,
      text: item.text,
      required: item.required,
      scored: scored.has(item.id),
      options: definition.answerSets[item.answerSet] ?? [],
    })),
    scoreMin: min,
    scoreMax: max,
    bands: definition.scoring.bands,
    flags: definition.scoring.flags.map(({ item, ...flag }) => ({ ...flag, itemId: item })),
  };
}

/** The score of a completed interview, with the labels of the version it was scored with. */
function scoreOf(definition: QuestionnaireDefinition, row: Pick<InterviewRow, 'total_score' | 'band' | 'flags'>) {
  if (row.total_score === null || row.band === null) return null;
  const band = definition.scoring.bands.find((b) => b.code === row.band);
  const raised = new Set(row.flags ?? []);
  return {
    total: row.total_score,
    ...scoreRange(definition),
    band: { code: row.band, label: band?.label ?? row.band },
    flags: definition.scoring.flags.filter((f) => raised.has(f.code)).map(({ code, label }) => ({ code, label })),
  };
}

export function interviewDto(row: InterviewRow): InterviewDto {
  const status = row.state === 'completed' ? 'COMPLETED' : row.accessOpen ? 'OPEN' : 'EXPIRED';
  return {
    id: row.id,
    questionnaireId: row.questionnaire_id,
    questionnaireIdentifier: row.definition.identifier,
    questionnaireVersion: row.questionnaireVersion,
    questionnaireShortTitle: row.definition.shortTitle,
    studyPatientId: row.study_patient_id,
    pseudonym: row.pseudonym,
    studyInstituteId: row.studyInstituteId,
    instrumentId: row.instrument_id,
    status,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    enteredBy: row.entered_by,
    enteredByUser: row.entered_by_user,
    accessExpiresAt: row.accessExpiresAt ? new Date(row.accessExpiresAt).toISOString() : null,
    answers: row.answers,
    score: scoreOf(row.definition, row),
    version: row.version,
  };
}

const accessOf = async (db: Kysely<DB>, caller: CurrentUser) => ({
  rights: caller.rights,
  locationIds: await callerLocationIds(db, caller),
});

/** The study patient, when the caller may read it; otherwise 404. */
export async function visibleStudyPatient(db: Kysely<DB>, caller: CurrentUser, studyPatientId: string): Promise<StudyPatientRow> {
  const patient = await loadStudyPatient(db, studyPatientId);
  if (patient.isDeleted || !(await visibleStudyPatientIds(db, await accessOf(db, caller), [patient])).has(patient.id)) {
    throw notFound('study patient');
  }
  return patient;
}

/** Every version, with the newest loaded one of each identifier marked current. */
/** Whoever may use the questionnaire system in any way may know its questionnaires (GET SynQuest/questionnaires). */
export const SYN_QUEST_RIGHTS: readonly RightName[] = [
  'SynQuestUserLoginCmd',
  'SynQuestPatientLoginCmd',
  'SynQuestGetInterviewCmd',
  'SynQuestSystemApiGetInterviewsCmd',
  'SynQuestSystemApiGetQuestionnaireScoresCmd',
];

export async function listQuestionnaires(db: Kysely<DB>): Promise<QuestionnaireDto[]> {
  const rows = await findQuestionnaires(db);
  const seen = new Set<string>();
  return rows.map((row) => {
    const isCurrent = !seen.has(row.identifier);
    seen.add(row.identifier);
    return questionnaireDto(row, isCurrent);
  });
}

export async function interviewOfInstrument(db: Kysely<DB>, caller: CurrentUser, instrumentId: string, now: Date): Promise<InterviewDto> {
  const studyPatientId = await findInstrumentPatient(db, instrumentId);
  if (!studyPatientId) throw notFound('instrument');
  await visibleStudyPatient(db, caller, studyPatientId);
  const [newest] = await findInterviews(db, { instrumentId }, now);
  if (!newest) throw notFound('interview');
  return interviewDto(newest);
}

/** The interviews of the patient with this pseudonym, newest first, over the study patients the caller may read. */
export async function interviewsOfPatient(db: Kysely<DB>, caller: CurrentUser, pseudonym: string, now: Date): Promise<InterviewDto[]> {
  const studyPatients = await findStudyPatientsByPseudonym(db, pseudonym);
  const visible = await visibleStudyPatientIds(db, await accessOf(db, caller), studyPatients);
  if (visible.size === 0) throw notFound('patient');
  return interviewsOfStudyPatients(db, [...visible], now);
}

/** The interviews of study patients the caller was already found to see (also the patient context's include). */
export async function interviewsOfStudyPatients(db: Kysely<DB>, studyPatientIds: readonly string[], now: Date): Promise<InterviewDto[]> {
  return (await findInterviews(db, { studyPatientIds }, now)).map(interviewDto);
}

export async function questionnaireScores(
  db: Kysely<DB>,
  caller: CurrentUser,
  questionnaire: string,
  page: { page: number; itemsPerPage: number },
  now: Date,
): Promise<ScoresDto> {
  const versions = await findQuestionnaires(db, questionnaire);
  if (versions.length === 0) throw notFound('questionnaire');
  const locationIds = hasRight(caller.rights, 'StudyPatientGetAllCmd') ? null : await callerLocationIds(db, caller);
  const { rows, totalCount } = await findScorePage(
    db,
    versions.map((v) => v.id),
    { locationIds },
    { offset: (page.page - 1) * page.itemsPerPage, limit: page.itemsPerPage },
    now,
  );
  return { totalCount, scores: rows.map(interviewDto) };
}

/**
 * Accesses into the questionnaire system (ecrf-calls.md §7 "Questionnaire system": POST patientLogin and
 * userLogin; docs/decisions.md "Questionnaire accesses"). A staff member with the right issues an access for one
 * study patient and questionnaire: a random code (shown once, only its SHA-256 stored) that opens exactly that
 * interview until it expires, a newer access of the same kind replaces it, or the answers are submitted through
 * it. Patient accesses last days (default 7), staff accesses (entering a paper form) one hour. The public calls
 * answer one refusal for every invalid code and show nothing of the patient.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  accessCodeFromBytes,
  formatAccessCode,
  normalizeAccessCode,
  questionnaireAnswerErrors,
  scoreQuestionnaire,
  type QuestionnaireAnswer,
} from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { audit, type AuditActor, actorOf } from '../audit/audit.service.js';
import { EcrfError, invalidFields, notFound } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import type { AccessDto, PatientLoginBody, PublicQuestionnaireDto } from './questionnaires.schemas.js';
import { interviewDto, visibleStudyPatient } from './questionnaires.service.js';
import {
  findAccessByHash,
  findInstrumentPatient,
  findInterviews,
  findQuestionnaires,
  insertAccess,
  insertInterview,
  markAccessUsed,
  revokeOpenAccesses,
  updateInterview,
  type AccessRow,
  type InterviewRow,
} from './questionnaires.sql.js';
import { ACCESS_MESSAGES } from '../errors/messages.js';

export type AccessKind = 'patient' | 'staff';

/** How long a staff access (entering a paper form) stays valid. */
export const STAFF_ACCESS_MINUTES = 60;
export const DEFAULT_PATIENT_ACCESS_DAYS = 7;

/** The actor of the audit rows a submission writes: the patient has no account, staff act under their name. */
const PATIENT_ACTOR: AuditActor = { userId: null, userName: 'patient' };

export const accessInvalid = (): EcrfError =>
  new EcrfError('ECRF_ERR_QUESTIONNAIRE_ACCESS_INVALID', ACCESS_MESSAGES.questionnaireAccessInvalid);

const hashOf = (code: string): string => createHash('sha256').update(code).digest('hex');

async function reread(db: Kysely<DB>, id: string, now: Date): Promise<InterviewRow> {
  const [row] = await findInterviews(db, { id }, now);
  if (!row) throw notFound('interview');
  return row;
}

/** Issues an access of `kind` for the patient and questionnaire, continuing the open interview or starting one. */
export async function issueAccess(
  db: Kysely<DB>,
  caller: CurrentUser,
  input: PatientLoginBody,
  kind: AccessKind,
  publicUrl: string,
  now: Date,
): Promise<AccessDto> {
  const patient = await visibleStudyPatient(db, caller, input.studyPatientId);
  const [questionnaire] = await findQuestionnaires(db, input.questionnaireId);
  if (!questionnaire) throw notFound('questionnaire');
  const instrumentId = input.instrumentId ?? null;
  if (instrumentId !== null && (await findInstrumentPatient(db, instrumentId)) !== patient.id) throw notFound('instrument');
  const code = accessCodeFromBytes(randomBytes(20));
  const lifetimeMs = kind === 'patient' ? (input.validDays ?? DEFAULT_PATIENT_ACCESS_DAYS) * 86_400_000 : STAFF_ACCESS_MINUTES * 60_000;
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  const actor = actorOf(caller);

  const interviewId = await db.transaction().execute(async (trx) => {
    // The patient's row is locked so two concurrent logins continue one open interview instead of racing to start two.
    await trx.selectFrom('study_patient').select('id').where('id', '=', patient.id).forUpdate().execute();
    const [open] = await findInterviews(trx, { open: { studyPatientId: patient.id, questionnaireId: questionnaire.id } }, now);
    let id: string;
    if (!open) {
      id = await insertInterview(trx, {
        questionnaire_id: questionnaire.id,
        study_patient_id: patient.id,
        instrument_id: instrumentId,
        created_by: caller.userName,
        created_at: now,
      });
      await audit(trx, {
        actor,
        tableName: 'questionnaire_interview',
        recordId: id,
        operation: 'Create',
        newValue: { questionnaireId: questionnaire.id, studyPatientId: patient.id, instrumentId, state: 'open' },
      });
    } else {
      id = open.id;
      if (instrumentId !== null && instrumentId !== open.instrument_id) {
        if (!(await updateInterview(trx, id, open.version, { instrument_id: instrumentId }))) throw accessInvalid();
        await audit(trx, {
          actor,
          tableName: 'questionnaire_interview',
          recordId: id,
          operation: 'Update',
          oldValue: { instrumentId: open.instrument_id, version: open.version },
          newValue: { instrumentId, version: open.version + 1 },
        });
      }
    }
    for (const revoked of await revokeOpenAccesses(trx, id, kind, now)) {
      await audit(trx, {
        actor,
        tableName: 'questionnaire_access',
        recordId: revoked,
        operation: 'Update',
        oldValue: { revokedAt: null },
        newValue: { revokedAt: now.toISOString(), reason: 'replaced by a newer access' },
      });
    }
    const accessId = await insertAccess(trx, {
      interview_id: id,
      kind,
      code_hash: hashOf(code),
      issued_by_user_id: caller.id,
      issued_by: caller.userName,
      issued_at: now,
      expires_at: expiresAt,
    });
    await audit(trx, {
      actor,
      tableName: 'questionnaire_access',
      recordId: accessId,
      operation: 'Create',
      newValue: { interviewId: id, kind, issuedAt: now.toISOString(), expiresAt: expiresAt.toISOString() },
    });
    return id;
  });
  const formatted = formatAccessCode(code);
  return {
    interview: interviewDto(await reread(db, interviewId, now)),
    kind,
    accessCode: formatted,
    url: `${publicUrl}/fragebogen/${formatted}`,
    expiresAt: expiresAt.toISOString(),
  };
}

/** The access and its open interview, or the one refusal for every invalid code. */
async function validAccess(
  db: Kysely<DB>,
  typed: string,
  now: Date,
  lock: boolean,
): Promise<{ access: AccessRow; interview: InterviewRow }> {
  const code = normalizeAccessCode(typed);
  if (!code) throw accessInvalid();
  const access = await findAccessByHash(db, hashOf(code), lock);
  if (!access || access.used_at !== null || access.revoked_at !== null || access.expires_at.getTime() <= now.getTime())
    throw accessInvalid();
  const [interview] = await findInterviews(db, { id: access.interview_id }, now);
  if (!interview || interview.state !== 'open') throw accessInvalid();
  return { access, interview };
}

/** What the holder of a code sees: the questionnaire only, nothing of the patient. */
export async function openAccess(db: Kysely<DB>, typed: string, now: Date): Promise<PublicQuestionnaireDto> {
  const { access, interview } = await validAccess(db, typed, now, false);
  const definition = interview.definition;
  return {
    title: definition.title,
    shortTitle: definition.shortTitle,
    instruction: definition.instruction,
    citation: definition.citation,
    items: definition.items.map((item) => ({
      id: item.id,
      number: item.number,
      text: item.text,
      required: item.required,
      options: (definition.answerSets[item.answerSet] ?? []).map(({ code, text }) => ({ code, text })),
    })),
    kind: access.kind,
    expiresAt: access.expires_at.toISOString(),
  };
}

/** Stores the answers with their score and closes the interview and the access, in one transaction. */
export async function submitAnswers(
  db: Kysely<DB>,
  typed: string,
  answers: readonly QuestionnaireAnswer[],
  now: Date,
): Promise<{ submitted: true; completedAt: string }> {
  await db.transaction().execute(async (trx) => {
    const { access, interview } = await validAccess(trx, typed, now, true);
    const errors = questionnaireAnswerErrors(interview.definition, answers);
    if (errors.length > 0) throw invalidFields(errors.map((e) => ({ field: `answers.${e.itemId}`, message: e.message })));
    const score = scoreQuestionnaire(interview.definition, answers);
    const staff = access.kind === 'staff';
    const completed = {
      state: 'completed' as const,
      completed_at: now,
      entered_by: access.kind,
      entered_by_user: staff ? access.issued_by : null,
      answers: JSON.stringify(answers),
      total_score: score.total,
      band: score.band.code,
      flags: JSON.stringify(score.flags.map((f) => f.code)),
    };
    // The access row is locked, so a second submission with the same code waits and then finds it used.
    if (!(await updateInterview(trx, interview.id, interview.version, completed))) throw accessInvalid();
    await markAccessUsed(trx, access.id, now);
    const actor = staff ? { userId: access.issued_by_user_id, userName: access.issued_by } : PATIENT_ACTOR;
    await audit(trx, {
      actor,
      tableName: 'questionnaire_interview',
      recordId: interview.id,
      operation: 'Update',
      oldValue: { state: 'open', version: interview.version },
      newValue: {
        state: 'completed',
        version: interview.version + 1,
        enteredBy: access.kind,
        accessId: access.id,
        answers: [...answers],
        totalScore: score.total,
        band: score.band.code,
        flags: score.flags.map((f) => f.code),
      },
    });
    await audit(trx, {
      actor,
      tableName: 'questionnaire_access',
      recordId: access.id,
      operation: 'Update',
      oldValue: { usedAt: null },
      newValue: { usedAt: now.toISOString() },
    });
  });
  return { submitted: true, completedAt: now.toISOString() };
}

/**
 * E-learning (ecrf-calls.md §7 "E-learning"): the definition of a study definition, the caller's result,
 * the require flag and saving an attempt. Scoring is @ecrf/rules' scoreElearning; the gate that uses the
 * result is elearning-gate.ts.
 */
import { elearningAnswerErrors, scoreElearning } from '@ecrf/rules';
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { audit, actorOf } from '../audit/audit.service.js';
import { EcrfError, notFound } from '../errors/errors.js';
import { callerOf } from '../http/route-access.js';
import { routeSchema } from '../http/schemas.js';
import { elearningRequirement } from './elearning-gate.js';
import { findDefinition, findDefinitionOf, findResultOf, insertResult, type DefinitionRow, type ResultRow } from './elearning.sql.js';
import {
  ElearningDefinitionSchema,
  ElearningRequireSchema,
  ElearningResultCreateSchema,
  ElearningResultSchema,
  StudyDefinitionParams,
} from './elearning.schemas.js';

const tags = ['ELearning'];

const definitionDto = (row: DefinitionRow) => ({
  id: row.id,
  studyDefinitionId: row.study_definition_id,
  title: row.title,
  introduction: row.introduction,
  passThreshold: row.pass_threshold,
  questions: row.questions.map((q) => ({ id: q.id, text: q.text, options: q.options, multipleChoice: q.correctOptionIds.length > 1 })),
});

const resultDto = (row: ResultRow) => ({
  id: row.id,
  eLearningDefinitionId: row.elearning_definition_id,
  passed: row.passed,
  correctCount: row.correct_count,
  questionCount: row.question_count,
  answers: row.answers,
  createdAt: row.created_at.toISOString(),
});

export function registerElearningRoutes(app: App, { db }: AppDeps): void {
  const definitionOf = async (studyDefinitionId: string) => {
    const row = await findDefinitionOf(db, studyDefinitionId);
    if (!row) throw notFound('e-learning of the study definition');
    return row;
  };

  app.get(
    '/ELearningDefinition/studyDefinition/:studyDefinitionId',
    {
      config: { access: { right: 'ELearningDefinitionGetCmd' } },
      schema: routeSchema({
        operationId: 'getELearningDefinition',
        tags,
        summary: 'The e-learning of a study definition, without its correct answers',
        params: StudyDefinitionParams,
        response: { 200: ElearningDefinitionSchema },
        errors: [404],
      }),
    },
    async (request) => definitionDto(await definitionOf(request.params.studyDefinitionId)),
  );

  app.get(
    '/ELearningResult/studyDefinition/:studyDefinitionId',
    {
      config: { access: { right: 'ELearningResultGetCmd' } },
      schema: routeSchema({
        operationId: 'getELearningResult',
        tags,
        summary: 'The caller’s result: a passed attempt if there is one, else the latest; null before the first attempt',
        params: StudyDefinitionParams,
        response: { 200: Type.Union([ElearningResultSchema, Type.Null()]) },
        errors: [404],
      }),
    },
    async (request) => {
      const definition = await definitionOf(request.params.studyDefinitionId);
      const row = await findResultOf(db, definition.id, callerOf(request).id);
      return row ? resultDto(row) : null;
    },
  );

  app.get(
    '/ELearningResult/studyDefinition/:studyDefinitionId/require',
    {
      config: { access: { right: 'ELearningResultGetRequireCmd' } },
      schema: routeSchema({
        operationId: 'getELearningRequire',
        tags,
        summary: 'Whether the caller must pass the e-learning before documenting in the study, and whether they have',
        params: StudyDefinitionParams,
        response: { 200: ElearningRequireSchema },
      }),
    },
    (request) => elearningRequirement(db, callerOf(request), request.params.studyDefinitionId),
  );

  app.post(
    '/ELearningResult',
    {
      config: { access: { right: 'ELearningResultCreateCmd' } },
      schema: routeSchema({
        operationId: 'createELearningResult',
        tags,
        summary: 'Saves and scores the caller’s answers (every question once); the attempt is kept',
        body: ElearningResultCreateSchema,
        response: { 201: ElearningResultSchema },
        errors: [404],
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { eLearningDefinitionId, result } = request.body;
      const definition = await findDefinition(db, eLearningDefinitionId);
      if (!definition) throw notFound('e-learning');
      const messages = elearningAnswerErrors(definition.questions, result.answers);
      if (messages.length > 0) throw new EcrfError('ECRF_ERR_VALIDATION', messages.join(' '), { messages });
      const score = scoreElearning({ questions: definition.questions, passThreshold: definition.pass_threshold }, result.answers);
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await insertResult(trx, {
          elearning_definition_id: definition.id,
          user_id: caller.id,
          answers: result.answers,
          correct_count: score.correctCount,
          question_count: score.questionCount,
          passed: score.passed,
        });
        await audit(trx, {
          actor: actorOf(caller),
          tableName: 'elearning_result',
          recordId: inserted.id,
          operation: 'Create',
          oldValue: null,
          newValue: { ...resultDto(inserted), userId: caller.id },
        });
        return inserted;
      });
      return reply.status(201).send(resultDto(row));
    },
  );
}

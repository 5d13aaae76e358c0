/** TypeBox schemas of the e-learning (ecrf-calls.md §3 "E-learning": definition, result with passed and answers, require flag). */
import { Type } from 'typebox';
import { Uuid } from '../http/schemas.js';

const AnswerSchema = Type.Object({
  questionId: Type.String({ minLength: 1, maxLength: 100 }),
  optionIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 20 }),
});

/** The definition as the learner sees it: the correct answers stay on the server. */
export const ElearningDefinitionSchema = Type.Object({
  id: Uuid,
  studyDefinitionId: Uuid,
  title: Type.String(),
  introduction: Type.String(),
  passThreshold: Type.Integer({ description: 'correct answers needed to pass' }),
  questions: Type.Array(
    Type.Object({
      id: Type.String(),
      text: Type.String(),
      options: Type.Array(Type.Object({ id: Type.String(), text: Type.String() })),
      multipleChoice: Type.Boolean({ description: 'more than one option is correct' }),
    }),
  ),
});

export const ElearningResultSchema = Type.Object({
  id: Uuid,
  eLearningDefinitionId: Uuid,
  passed: Type.Boolean(),
  correctCount: Type.Integer(),
  questionCount: Type.Integer(),
  answers: Type.Array(AnswerSchema),
  createdAt: Type.String({ format: 'date-time' }),
});

export const ElearningRequireSchema = Type.Object({
  required: Type.Boolean({ description: 'the caller’s role must pass before documenting in the study' }),
  passed: Type.Boolean(),
  pending: Type.Boolean({ description: 'required and not yet passed: documentation writes are refused' }),
});

export const ElearningResultCreateSchema = Type.Object({
  eLearningDefinitionId: Uuid,
  result: Type.Object({ answers: Type.Array(AnswerSchema, { maxItems: 200 }) }),
});

export const StudyDefinitionParams = Type.Object({ studyDefinitionId: Uuid });

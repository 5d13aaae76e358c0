/**
 * The e-learning in the graph (ecrf-calls.md §7 "E-learning"): a study definition's e-learning, the viewer's
 * result and requirement, and submitting answers. Questions and options carry `key` (not `id`): they are
 * identified within their e-learning only, not as graph nodes.
 */
import type {
  ElearningDefinitionResolvers,
  ElearningResultResolvers,
  MutationResolvers,
  StudyDefinitionResolvers,
} from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import { argumentId, attemptWithIds, type UserErrorModel } from '../graph/user-errors.js';
import { nullIfForbidden, nullIfNotFound, UpstreamError } from '../upstream/upstream-error.js';
import type { ElearningDefinition, ElearningResult } from './models.js';
import { GATEWAY_MESSAGES } from '../graph/messages.js';

function definitionOf(context: GatewayContext, studyDefinitionId: string): Promise<ElearningDefinition | null> {
  return nullIfNotFound(
    context.backend.call('get', '/api/v1.0/ELearningDefinition/studyDefinition/{studyDefinitionId}', { path: { studyDefinitionId } }),
  );
}

export const StudyDefinitionElearning: Pick<StudyDefinitionResolvers, 'elearning' | 'viewerElearningRequirement'> = {
  elearning: (definition, _, context) => definitionOf(context, definition.id),
  viewerElearningRequirement: (definition, _, context) => context.loaders.elearningRequirements.load(definition.id),
};

export const ElearningDefinitionType: ElearningDefinitionResolvers = {
  questions: (definition) =>
    definition.questions.map((q) => ({
      key: q.id,
      text: q.text,
      multipleChoice: q.multipleChoice,
      options: q.options.map((o) => ({ key: o.id, text: o.text })),
    })),
  viewerResult: (definition, _, context) =>
    nullIfForbidden(
      context.backend.call('get', '/api/v1.0/ELearningResult/studyDefinition/{studyDefinitionId}', {
        path: { studyDefinitionId: definition.studyDefinitionId },
      }),
    ),
};

export const ElearningResultType: ElearningResultResolvers = {
  answers: (result) => result.answers.map((a) => ({ questionKey: a.questionId, optionKeys: a.optionIds })),
};

type Payload = { result: ElearningResult | null; studyDefinition: { id: string } | null; errors: UserErrorModel[] };

export const elearningMutations: Pick<MutationResolvers, 'submitElearningResult'> = {
  submitElearningResult: (_, { input }, context) =>
    attemptWithIds<Payload>(
      context,
      async () => {
        const studyDefinitionId = await argumentId(input.studyDefinitionId, 'StudyDefinition', 'studyDefinitionId', context);
        const definition = await definitionOf(context, studyDefinitionId);
        if (!definition)
          return {
            result: null,
            studyDefinition: null,
            errors: [{ code: 'INVALID_VALUE', message: GATEWAY_MESSAGES.noElearning, field: 'studyDefinitionId' }],
          };
        try {
          const result = await context.backend.call('post', '/api/v1.0/ELearningResult', {
            body: {
              eLearningDefinitionId: definition.id,
              result: { answers: input.answers.map((a) => ({ questionId: a.questionKey, optionIds: a.optionKeys })) },
            },
          });
          return { result, studyDefinition: { id: studyDefinitionId }, errors: [] };
        } catch (error) {
          if (!(error instanceof UpstreamError) || error.status !== 400) throw error;
          const messages = Array.isArray(error.body.messages) ? error.body.messages.filter((m): m is string => typeof m === 'string') : [];
          const errors = (messages.length > 0 ? messages : [error.message]).map((message) => ({
            code: 'INVALID_VALUE' as const,
            message,
            field: 'answers',
          }));
          return { result: null, studyDefinition: null, errors };
        }
      },
      (errors) => ({ result: null, studyDefinition: null, errors }),
    ),
};

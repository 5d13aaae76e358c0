/**
 * The parts an operation will read beside a patient's documentation (data queries, questionnaire interviews,
 * the viewer's e-learning requirement, the definition's languages) come with the patient context
 * (GET StudyPatient/context?include=, issue 14): the patient screen then costs one backend call for all of them.
 * Which parts to ask for is read off the operation's document once it is validated; each included part primes
 * the loader its own resolver reads, so a resolver does not know whether its data came included or by its own
 * call.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { TypeInfo, getNamedType, visit, visitWithTypeInfo, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { GatewayContext, Loaders } from '../context.js';
import { forbidden } from '../upstream/upstream-error.js';
import type { PatientContext } from './models.js';

export type ContextInclude = 'dataQueries' | 'questionnaireInterviews' | 'elearningRequirement' | 'languages';

/** The fields, by type, whose resolvers read an includable part. */
const READERS: Record<string, Record<string, ContextInclude>> = {
  StudyPatient: { dataQueries: 'dataQueries', allDataQueries: 'dataQueries', questionnaireInterviews: 'questionnaireInterviews' },
  Visit: { dataQueries: 'dataQueries' },
  Instrument: { dataQueries: 'dataQueries' },
  DataField: { dataQueries: 'dataQueries' },
  StudyDefinition: { viewerElearningRequirement: 'elearningRequirement', languages: 'languages' },
  StudyDefinitionVersion: { texts: 'languages' },
};

/** Apollo keeps one parsed document per operation text, so each is read once. */
const readDocuments = new WeakMap<DocumentNode, ReadonlySet<ContextInclude>>();

/** The parts the fields of a document (its operations and fragments) read. */
export function includesOf(document: DocumentNode, schema: GraphQLSchema): ReadonlySet<ContextInclude> {
  const known = readDocuments.get(document);
  if (known) return known;
  const parts = new Set<ContextInclude>();
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        const part = parent ? READERS[getNamedType(parent).name]?.[node.name.value] : undefined;
        if (part) parts.add(part);
      },
    }),
  );
  readDocuments.set(document, parts);
  return parts;
}

/** Tells the request's patient loader which parts the operation will read. */
export const contextIncludesPlugin: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ document, schema, contextValue }) {
        for (const part of includesOf(document, schema)) contextValue.loaders.patientContextIncludes.add(part);
      },
    };
  },
};

/** Hands each included part of a loaded context to the loader its resolver reads. */
type IncludedLoaders = Pick<
  Loaders,
  'patientDataQueries' | 'dataQueries' | 'patientInterviews' | 'elearningRequirements' | 'languagesOfDefinition'
>;

export function primeIncluded(loaders: IncludedLoaders, context: PatientContext): void {
  const { included } = context;
  if (!included) return;
  // null: the viewer lacks the part's right; primed with what its own call would have answered (its 403).
  if (included.dataQueries !== undefined) {
    loaders.patientDataQueries.prime(context.id, included.dataQueries ?? []);
    for (const query of included.dataQueries ?? []) loaders.dataQueries.prime(query.id, query);
  }
  if (included.questionnaireInterviews !== undefined) loaders.patientInterviews.prime(context.id, included.questionnaireInterviews ?? []);
  if (included.elearningRequirement !== undefined)
    loaders.elearningRequirements.prime(context.studyDefinitionId, included.elearningRequirement);
  if (included.languages !== undefined)
    loaders.languagesOfDefinition.prime(context.studyDefinitionId, included.languages ?? forbidden('LanguageGetAllCmd'));
}

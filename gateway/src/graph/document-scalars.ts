/**
 * Scalars that carry a whole document as JSON (docs/gateway.md "Conventions"): the study definition model,
 * the patient documentation, a language's display texts, and a form's fields and values as the audit trail
 * kept them. They are answers only; no argument takes them.
 */
import { GraphQLError, GraphQLScalarType } from 'graphql';

function documentScalar(name: string): GraphQLScalarType {
  const refuse = (): never => {
    throw new GraphQLError(`${name} is an answer only and cannot be sent`, { extensions: { code: 'BAD_USER_INPUT' } });
  };
  return new GraphQLScalarType({
    name,
    serialize: (value) => {
      if (typeof value !== 'object' || value === null) throw new GraphQLError(`${name} must be a JSON object`);
      return value;
    },
    parseValue: refuse,
    parseLiteral: refuse,
  });
}

export const StudyDefinitionModelScalar = documentScalar('StudyDefinitionModel');
export const StudyPatientDocumentationScalar = documentScalar('StudyPatientDocumentation');
export const DisplayTextsScalar = documentScalar('DisplayTexts');
export const DataFieldDocumentScalar = documentScalar('DataFieldDocument');
export const FieldValueDocumentScalar = documentScalar('FieldValueDocument');

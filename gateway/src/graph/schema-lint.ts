/**
 * The graph's description lint (docs/gateway.md "Conventions"): every type, field, argument, input field and
 * enum value carries a description for integrators, and descriptions speak the graph's own terms, never the
 * REST calls or the storage behind it. Written with graphql-js: @graphql-eslint does not install here (its
 * graphql-config needs packages the registry lacks).
 */
import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
  type GraphQLSchema,
} from 'graphql';

/** A described member of the schema, named by its schema coordinate (`Type.field(arg:)`, `Enum.VALUE`). */
export type SchemaMember = { coordinate: string; description: string | null | undefined };

/** Wording that names the REST contract or the backend's storage; right names and spec sections are fine. */
const BACKEND_WORDING: readonly { pattern: RegExp; names: string }[] = [
  { pattern: /\b(?:GET|POST|PUT|PATCH|DELETE) /, names: 'an HTTP method' },
  { pattern: /\/api\//, names: 'a REST path' },
  // `StudyPatient/context`, `NngmStudyPatient/`, `User/{id}`, `Right/currentUser`; not `docs/gateway.md` or `Europe/Berlin`
  { pattern: /\b[A-Z][a-z]+[A-Z][A-Za-z]*\/|\b[A-Za-z]+\/(?:\{|[a-z]+[A-Z])/, names: 'a REST resource path' },
  { pattern: /\?[A-Za-z]+=/, names: 'a query string' },
  // The graph's names are camelCase and UPPER_SNAKE; lower snake case is the backend's (`app_user`, `table_name`).
  { pattern: /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/, names: 'a table, column or path name of the backend' },
];

/** Every member the lint looks at, in schema order: named types (without the built-in ones) and their members. */
export function schemaMembers(schema: GraphQLSchema): SchemaMember[] {
  const members: SchemaMember[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    members.push({ coordinate: type.name, description: type.description });
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        members.push({ coordinate: `${type.name}.${field.name}`, description: field.description });
        for (const arg of field.args) {
          members.push({ coordinate: `${type.name}.${field.name}(${arg.name}:)`, description: arg.description });
        }
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        members.push({ coordinate: `${type.name}.${field.name}`, description: field.description });
      }
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) {
        members.push({ coordinate: `${type.name}.${value.name}`, description: value.description });
      }
    }
  }
  return members;
}

/** What is wrong with one member's description, if anything. */
function problemOf({ description }: SchemaMember): string | null {
  if (!description?.trim()) return 'has no description';
  const wording = BACKEND_WORDING.find(({ pattern }) => pattern.test(description));
  return wording ? `names ${wording.names}: ${description.match(wording.pattern)?.[0]}` : null;
}

/** The lint's findings, one line per offending member (`Type.field(arg:) has no description`). */
export function lintDescriptions(schema: GraphQLSchema): string[] {
  return schemaMembers(schema).flatMap((member) => {
    const problem = problemOf(member);
    return problem ? [`${member.coordinate} ${problem}`] : [];
  });
}

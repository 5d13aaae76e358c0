/**
 * Negative page sizes are refused (Relay cursor connections spec, "Pagination algorithm": "If first is less than 0,
 * throw an error"), before anything runs: `first` or `last` below 0, written in the document, passed as a variable or
 * given by a variable's default, is BAD_USER_INPUT naming the field. Every `first`/`last` of the schema belongs to a
 * connection, so the rule holds for every connection, also those added later.
 */
import { GraphQLError, Kind, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type GraphQLSchema } from 'graphql';

/** The page size arguments of a connection. */
export const PAGE_ARGUMENTS: ReadonlySet<string> = new Set(['first', 'last']);

/** The variables with the integer defaults their definitions give where the request omits them. */
export function variablesWithDefaults(document: DocumentNode, variables: Record<string, unknown>): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  visit(document, {
    VariableDefinition(node) {
      if (node.defaultValue?.kind === Kind.INT) defaults[node.variable.name.value] = Number(node.defaultValue.value);
    },
  });
  return { ...defaults, ...variables };
}

/** The refusal of the first negative `first`/`last` in the document at these variables (400 BAD_USER_INPUT), else none. */
export function pageArgumentRefusal(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> = {},
): GraphQLError | undefined {
  const values = variablesWithDefaults(document, variables);
  const typeInfo = new TypeInfo(schema);
  let refusal: GraphQLError | undefined;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Argument(node) {
        if (refusal || !PAGE_ARGUMENTS.has(node.name.value)) return;
        const size =
          node.value.kind === Kind.INT
            ? Number(node.value.value)
            : node.value.kind === Kind.VARIABLE
              ? values[node.value.name.value]
              : null;
        if (typeof size !== 'number' || size >= 0) return;
        const field = `${typeInfo.getParentType()?.name ?? ''}.${typeInfo.getFieldDef()?.name ?? ''}`;
        refusal = new GraphQLError(`${node.name.value} von ${field} darf nicht negativ sein (${size}).`, {
          nodes: [node],
          extensions: { code: 'BAD_USER_INPUT', argumentName: node.name.value, field, http: { status: 400 } },
        });
      },
    }),
  );
  return refusal;
}

/**
 * The cost limit (docs/gateway.md "Limits"): an operation costs one per field its answer can hold, and the selection
 * of a paged list counts once per item of its page: `first` or `last`, written in the document or passed as a
 * variable, up to MAX_PAGE (the most a list serves). A list without either counts once. graphql-armor's cost rule
 * counts with these weights; it reads literal sizes only, so the sizes of variables are written in before it counts.
 * Screens page by variables: counted at their largest page, the costliest web operation is ≈ 40,000 (issue 31 item 4).
 */
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind, parse, validate, visit, type DocumentNode, type GraphQLSchema, type ValueNode } from 'graphql';
import type { GatewayContext } from '../context.js';
import { MAX_PAGE } from './connection.js';
import { PAGE_ARGUMENTS, pageArgumentRefusal, variablesWithDefaults } from './page-arguments.js';

export const MAX_COST = 50_000;

/** The page size a variable gives, cut to MAX_PAGE; null when the variable is absent or null (the list's default page). */
function pageSizeOf(value: unknown): ValueNode | null {
  const size = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseInt(value, 10) : NaN;
  if (!Number.isInteger(size)) return null;
  return { kind: Kind.INT, value: String(Math.min(Math.max(size, 0), MAX_PAGE)) };
}

/** The document with every `first`/`last` variable replaced by its size; the others stay. */
function withPageSizes(document: DocumentNode, variables: Record<string, unknown>): DocumentNode {
  return visit(document, {
    Argument(node) {
      if (!PAGE_ARGUMENTS.has(node.name.value) || node.value.kind !== Kind.VARIABLE) return undefined;
      const size = pageSizeOf(variables[node.value.name.value]);
      // An absent size counts once, as graphql-armor counts a list without first/last.
      return size ? { ...node, value: size } : null;
    },
  });
}

/** The refusal of an operation costing more than MAX_COST at its page sizes (400 GRAPHQL_VALIDATION_FAILED), else none. */
export function costRefusal(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> = {},
): GraphQLError | undefined {
  const refusals: GraphQLError[] = [];
  const rule = costLimitRule({
    maxCost: MAX_COST,
    objectCost: 1,
    scalarCost: 1,
    depthCostFactor: 1,
    flattenFragments: true,
    propagateOnRejection: false,
    onReject: [(_context, error) => refusals.push(error)],
  });
  validate(schema, withPageSizes(document, variablesWithDefaults(document, variables)), [rule]);
  const [refusal] = refusals;
  if (!refusal) return undefined;
  return new GraphQLError(refusal.message.replace(/^Syntax Error: /, ''), {
    extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } },
  });
}

/** Why an operation is refused before it runs: a negative page size, or a cost over the limit; else none. */
function operationRefusal(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> = {},
): GraphQLError | undefined {
  return pageArgumentRefusal(schema, document, variables) ?? costRefusal(schema, document, variables);
}

/** Apollo: an HTTP operation with a negative page size or over the cost limit is refused before it runs. */
export const operationLimitsPlugin = (schema: GraphQLSchema): ApolloServerPlugin<GatewayContext> => ({
  async requestDidStart() {
    return {
      async didResolveOperation({ document, request }) {
        const refusal = operationRefusal(schema, document, request.variables);
        if (refusal) throw refusal;
      },
    };
  },
});

/** graphql-ws: the refusal of a subscription as over HTTP; a document that does not parse is left to graphql-ws. */
export function subscriptionRefusal(
  schema: GraphQLSchema,
  payload: { query: string; variables?: Record<string, unknown> | null },
): GraphQLError[] | undefined {
  let document: DocumentNode;
  try {
    document = parse(payload.query);
  } catch {
    return undefined;
  }
  const refusal = operationRefusal(schema, document, payload.variables ?? {});
  return refusal ? [refusal] : undefined;
}

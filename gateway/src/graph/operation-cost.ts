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

/** What of the variables a document's refusal depends on: those it passes as `first`/`last`, and their defaults. */
type PageUse = { variables: readonly string[]; defaults: Record<string, unknown> };

/** The refusal (or null) per page sizes, per document: the cost walk is the gateway's costliest step per operation. */
type Refusals = { use: PageUse; bySizes: Map<string, GraphQLError | null> };

/** Distinct page sizes remembered per document; screens page with one or two, so the limit only bounds abuse. */
const SIZES_PER_DOCUMENT = 32;

/**
 * Keyed by the parsed document, which Apollo's document store keeps per query text, so the walks run once per
 * document and page sizes, not once per request; the entries go with the document.
 */
const refusalsOf = new WeakMap<DocumentNode, Refusals>();

function pageUseOf(document: DocumentNode): PageUse {
  const variables = new Set<string>();
  visit(document, {
    Argument(node) {
      if (PAGE_ARGUMENTS.has(node.name.value) && node.value.kind === Kind.VARIABLE) variables.add(node.value.name.value);
    },
  });
  return { variables: [...variables], defaults: variablesWithDefaults(document, {}) };
}

/** Why an operation is refused before it runs: a negative page size, or a cost over the limit; else none. */
export function operationRefusal(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> = {},
): GraphQLError | undefined {
  let refusals = refusalsOf.get(document);
  if (!refusals) {
    refusals = { use: pageUseOf(document), bySizes: new Map() };
    refusalsOf.set(document, refusals);
  }
  const values = { ...refusals.use.defaults, ...variables };
  // Both checks read nothing of the variables but these sizes (a page size as given: `-1`, `"3"` and `null` differ).
  const key = JSON.stringify(refusals.use.variables.map((name) => values[name] ?? null));
  const known = refusals.bySizes.get(key);
  if (known !== undefined) return known ?? undefined;
  const refusal = pageArgumentRefusal(schema, document, variables) ?? costRefusal(schema, document, variables);
  if (refusals.bySizes.size >= SIZES_PER_DOCUMENT) refusals.bySizes.delete(refusals.bySizes.keys().next().value as string);
  refusals.bySizes.set(key, refusal ?? null);
  return refusal;
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

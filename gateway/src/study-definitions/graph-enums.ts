/**
 * The graph's enums of the study definition are the rule engine's names in GraphQL spelling
 * (`NngmNetworkPartner` → `NNGM_NETWORK_PARTNER`), derived, never listed by hand; a test holds the schema's
 * enums to the rules' lists (graph-enums.test.ts).
 */
import { GraphQLError } from 'graphql';

/** The GraphQL spelling of a rules name: words split at capitals, upper case, joined by `_`. */
export function graphEnumValue(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

/** The graph value of a name the rules know; a name outside `known` is a definition the gateway cannot describe. */
export function graphEnum<T extends string>(known: readonly string[], name: string, what: string): T {
  if (!known.includes(name)) throw new GraphQLError(`unknown ${what} '${name}' in the study definition`);
  return graphEnumValue(name) as T;
}

/** The domain files of the graph's SDL, in reading order. */
export const SCHEMA_DOMAINS: readonly string[];
/** schema.graphql at the repository root. */
export const SCHEMA_FILE: URL;
/** The domain files merged and printed as schema.graphql holds them. */
export function mergedSchema(): Promise<string>;

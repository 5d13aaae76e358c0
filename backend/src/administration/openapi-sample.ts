/** A valid sample value for an OpenAPI / JSON schema (tests build requests from the published document). */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
};

const SAMPLE_UUID = '00000000-0000-4000-8000-000000000001';

function sampleString(schema: JsonSchema): string {
  if (schema.format === 'uuid' || schema.pattern?.includes('{36}')) return SAMPLE_UUID;
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.pattern === '^[0-9]{4}$') return '1234';
  if (schema.pattern === '^[a-z]{2}$') return 'de';
  if (schema.format === 'date' || schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return '2026-01-01';
  return 'sample';
}

export function sampleOf(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.[0]) return sampleOf(variants.find((variant) => variant.type !== 'null') ?? variants[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, sampleOf(schema.properties?.[key] ?? {})]));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items ?? {}));
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'string':
      return sampleString(schema);
    default:
      return null;
  }
}

type Parameter = { name: string; in: 'path' | 'query'; required?: boolean; schema: JsonSchema };
type OpenApiOperation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json'?: { schema: JsonSchema } } };
};
export type OpenApi = { paths: Record<string, Record<string, OpenApiOperation>>; components: { schemas: Record<string, JsonSchema> } };

export type SampleRequest = { operationId: string | undefined; url: string; payload: string | undefined };

/**
 * A valid request for a registered route from the published document: path, required query parameters and body.
 * `values` replace the samples of the path parameters they name (ids of existing records) and fill the body's
 * properties of those names, optional ones too.
 */
export function sampleRequest(
  document: OpenApi,
  route: { method: string; url: string },
  values: { path?: Readonly<Record<string, string>>; body?: Readonly<Record<string, unknown>> } = {},
): SampleRequest {
  const path = route.url.replace(/:(\w+)/g, '{$1}');
  const operation = document.paths[path]?.[route.method.toLowerCase()];
  let url = path;
  const query = new URLSearchParams();
  for (const parameter of operation?.parameters ?? []) {
    const value = String(sampleOf(parameter.schema));
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, values.path?.[parameter.name] ?? value);
    else if (parameter.required) query.set(parameter.name, value);
  }
  const bodySchema = operation?.requestBody?.content['application/json']?.schema;
  const given = Object.entries(values.body ?? {}).filter(([name]) => bodySchema?.properties?.[name]);
  const body =
    bodySchema && given.length > 0
      ? { ...(sampleOf(bodySchema) as object), ...Object.fromEntries(given) }
      : bodySchema && sampleOf(bodySchema);
  return {
    operationId: operation?.operationId,
    url: query.size > 0 ? `${url}?${query}` : url,
    payload: bodySchema ? JSON.stringify(body) : undefined,
  };
}

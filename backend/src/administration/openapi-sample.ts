/** A valid sample value for an OpenAPI / JSON schema (tests build requests from the published document). */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
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
      return [];
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

/**
 * The last step of the OpenAPI document (@fastify/swagger's transformObject, issue 27 item 2): OpenAPI 3.0.3 as
 * the validators read it, and response shapes closed.
 *
 * - `examples` is JSON Schema's, not a keyword of a 3.0 Schema Object; TypeBox options keep it, and @fastify/swagger
 *   converts it by following `type` (properties, items) but not into `anyOf` (a nullable value). Every remaining one
 *   becomes `example` (its first value).
 * - Each response object schema with known properties gets `additionalProperties: false`, so a check of a real
 *   answer against the document catches a field it does not declare. This changes no answer: fast-json-stringify
 *   already writes only declared properties unless a schema says `additionalProperties: true`, which stays open
 *   (free-form data such as `personData`). Closing is done on the document only, not on the route schemas: in an
 *   `anyOf`, fast-json-stringify picks the branch by validating the handler's value, and a closed branch would
 *   refuse a value that carries more than it declares (500 instead of the declared part).
 * - A file answer (a binary string) is documented as `application/octet-stream`, not as JSON; its description
 *   names the real type.
 * - Request schemas stay as they are (the API accepts and ignores unknown body properties); a shared component
 *   that a request also uses is therefore left open.
 */
type Schema = { [key: string]: unknown };
type Content = { content?: Record<string, { schema?: Schema }> };
type Operation = { parameters?: { schema?: Schema }[]; requestBody?: Content; responses?: Record<string, Content> };
type OpenApiObject = { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

const COMPONENT_PREFIX = '#/components/schemas/';
const isRecord = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const SUBSCHEMA = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'];

/** Calls `visit` on `schema` and every schema inside it, by the keywords that hold schemas. */
function eachSchema(schema: unknown, visit: (schema: Schema) => void): void {
  if (!isRecord(schema)) return;
  visit(schema);
  for (const key of SUBSCHEMA) eachSchema(schema[key], visit);
  for (const key of SUBSCHEMA_LISTS) if (Array.isArray(schema[key])) for (const item of schema[key]) eachSchema(item, visit);
  for (const key of SUBSCHEMA_MAPS) if (isRecord(schema[key])) for (const item of Object.values(schema[key])) eachSchema(item, visit);
}

const schemasOf = (content: Content | undefined): unknown[] => Object.values(content?.content ?? {}).map((media) => media.schema);
const requestSchemas = (operation: Operation): unknown[] => [
  ...(operation.parameters ?? []).map((parameter) => parameter.schema),
  ...schemasOf(operation.requestBody),
];
const responseSchemas = (operation: Operation): unknown[] => Object.values(operation.responses ?? {}).flatMap(schemasOf);

function useExample(schema: Schema): void {
  if (!Array.isArray(schema.examples)) return;
  if (schema.example === undefined && schema.examples.length > 0) schema.example = schema.examples[0];
  delete schema.examples;
}

function close(schema: Schema): void {
  if (isRecord(schema.properties) && schema.additionalProperties === undefined) schema.additionalProperties = false;
}

function fileAsOctetStream(response: Content): void {
  const json = response.content?.['application/json'];
  if (json?.schema?.type === 'string' && json.schema.format === 'binary') response.content = { 'application/octet-stream': json };
}

/** Names of the components the schemas reference. */
function referencedComponents(schemas: unknown[]): Set<string> {
  const names = new Set<string>();
  for (const root of schemas)
    eachSchema(root, (schema) => {
      if (typeof schema.$ref === 'string' && schema.$ref.startsWith(COMPONENT_PREFIX))
        names.add(schema.$ref.slice(COMPONENT_PREFIX.length));
    });
  return names;
}

/** A copy of the document, valid OpenAPI 3.0.3 with closed response schemas (see above). */
export function finishDocument<T extends object>(document: T): T {
  const copy = JSON.parse(JSON.stringify(document)) as T;
  const finished = copy as OpenApiObject;
  const operations = Object.values(finished.paths ?? {}).flatMap((item) => Object.values(item));
  for (const operation of operations) Object.values(operation.responses ?? {}).forEach(fileAsOctetStream);
  const components = finished.components?.schemas ?? {};
  const requests = operations.flatMap(requestSchemas);
  const responses = operations.flatMap(responseSchemas);
  for (const root of [...requests, ...responses, ...Object.values(components)]) eachSchema(root, useExample);
  for (const root of responses) eachSchema(root, close);
  const inRequests = referencedComponents(requests);
  for (const [name, schema] of Object.entries(components)) if (!inRequests.has(name)) eachSchema(schema, close);
  return copy;
}

/**
 * Checks every JSON answer a test receives against the published OpenAPI document (issue 27 item 2): the
 * operation's schema for the answer's status, strict about properties the document does not declare (its response
 * schemas are closed, openapi/finish-document.ts). Deviations are recorded, not thrown, so the test that drives the
 * routes sees them all at once.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { App } from '../app-deps.js';
import { API_BASE } from '../app.js';

export type ResponseDeviation = { method: string; path: string; status: number; problem: string };

type Responses = Record<string, { content?: Record<string, { schema?: unknown }> }>;
type Document = { paths: Record<string, Record<string, { responses?: Responses }>> };

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const DOCUMENT_ID = 'openapi.json';
const pointerPart = (part: string): string => part.replace(/~/g, '~0').replace(/\//g, '~1');

/** The documented answer of `status`: the exact code, its class (`4XX`), or `default`. */
const documentedStatus = (responses: Responses, status: number): string | undefined =>
  [String(status), `${String(status)[0]}XX`, 'default'].find((key) => responses[key]);

/** The schema errors, each with where in the body and the undeclared property's name. */
const describe = (errors: ErrorObject[]): string =>
  errors
    .map(({ instancePath, message, params }) => {
      const property = 'additionalProperty' in params ? ` \`${String(params.additionalProperty)}\`` : '';
      return `body${instancePath} ${message ?? 'invalid'}${property}`;
    })
    .join('; ');

/** Adds the check to `app` (before it is ready); the returned list fills as answers go out. */
export function checkResponses(app: App): ResponseDeviation[] {
  const deviations: ResponseDeviation[] = [];
  const validators = new Map<string, ValidateFunction>();
  let ajv: Ajv | undefined;
  let document: Document | undefined;

  function validatorFor(path: string, method: string, status: string): ValidateFunction {
    const pointer = ['paths', path, method, 'responses', status, 'content', 'application/json', 'schema'].map(pointerPart).join('/');
    let validate = validators.get(pointer);
    if (!validate) {
      if (!ajv) {
        // strict: false lets OpenAPI's own keywords (example, nullable's siblings) pass; nullable itself is ajv's.
        ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
        addFormats(ajv);
        ajv.addSchema(document as object, DOCUMENT_ID);
      }
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}#/${pointer}` });
      validators.set(pointer, validate);
    }
    return validate;
  }

  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    const json = String(reply.getHeader('content-type') ?? '').includes('application/json');
    // HEAD, 204 and 304 go out without a body, whatever the handler sent.
    const bodyless = payload === '' || request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304;
    if (!route?.startsWith(API_BASE) || !json || typeof payload !== 'string' || bodyless) return payload;
    document ??= app.swagger() as unknown as Document;
    const path = route.replace(/:(\w+)/g, '{$1}');
    const method = request.method.toLowerCase();
    const status = reply.statusCode;
    const deviation = (problem: string) => deviations.push({ method: request.method, path, status, problem });
    const responses = document.paths[path]?.[method]?.responses;
    const documented = responses && documentedStatus(responses, status);
    if (!responses) deviation('operation not in the document');
    else if (!documented) deviation(`status not documented (documented: ${Object.keys(responses).join(', ')})`);
    else if (!responses[documented]?.content?.['application/json']) deviation('JSON answer documented without a JSON body');
    else {
      const validate = validatorFor(path, method, documented);
      if (!validate(JSON.parse(payload))) deviation(describe(validate.errors ?? []));
    }
    return payload;
  });
  return deviations;
}

/**
 * The harness's response check (test-support/response-check.ts) catches what the serializer lets through: a body
 * written past the schema, with a field the document does not declare or of the wrong type, and a status the
 * operation does not document.
 */
import swagger from '@fastify/swagger';
import Fastify, { type FastifySchema } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app-deps.js';
import { checkResponses, type ResponseDeviation } from '../test-support/response-check.js';
import { finishDocument } from './finish-document.js';

// Without the TypeBox type provider: the route answers past its own schema on purpose.
const app = Fastify();
let deviations: ResponseDeviation[];
beforeAll(async () => {
  await app.register(swagger, {
    openapi: { openapi: '3.0.3', info: { title: 'test', version: '1' } },
    transformObject: (document) => ('openapiObject' in document ? finishDocument(document.openapiObject) : document.swaggerObject),
  });
  const schema: FastifySchema = { params: Type.Object({ answer: Type.String() }), response: { 200: Type.Object({ name: Type.String() }) } };
  app.get('/api/v1.0/thing/:answer', { schema }, async (request, reply) => {
    switch ((request.params as { answer: string }).answer) {
      case 'serialized':
        return { name: 'Probe', secret: 'dropped by the serializer' };
      case 'raw':
        return reply.type('application/json').send(JSON.stringify({ name: 1, secret: 'written as it is' }));
      default:
        return reply.code(418).send({ name: 'Probe' });
    }
  });
  deviations = checkResponses(app as unknown as App);
  await app.ready();
});
afterAll(() => app.close());

const get = (answer: string) => app.inject({ method: 'GET', url: `/api/v1.0/thing/${answer}` });

describe('the response check', () => {
  it('passes an answer the serializer wrote from the schema (an undeclared field is dropped there)', async () => {
    expect((await get('serialized')).json()).toEqual({ name: 'Probe' });
    expect(deviations).toEqual([]);
  });

  it('records a body written past the serializer, with a wrong type and an undeclared field', async () => {
    await get('raw');
    expect(deviations.splice(0)).toEqual([
      {
        method: 'GET',
        path: '/api/v1.0/thing/{answer}',
        status: 200,
        problem: 'body must NOT have additional properties `secret`; body/name must be string',
      },
    ]);
  });

  it('records a status the operation does not document', async () => {
    await get('teapot');
    expect(deviations.splice(0)).toEqual([
      { method: 'GET', path: '/api/v1.0/thing/{answer}', status: 418, problem: 'status not documented (documented: 200)' },
    ]);
  });
});

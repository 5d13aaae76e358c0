/**
 * Fastify's own validator and serializer compilers, shared by every app one test process builds. The backend's test
 * files share the worker's module cache (vitest.config.ts), so the routes' schemas are the same objects in every
 * file's app; compiling them again for each app was about 3 s of a file's time (issue 30 item 5,
 * docs/benchmarks.md). A compiled function depends only on its schema and the options, so it is kept per schema
 * object and per set of options; production builds one app per process and compiles as Fastify does by default.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type Serializer = SerializerSelector.Serializer;

/** Fastify's pool: one Ajv per set of shared schemas and options, whose cache keeps each compiled schema object. */
const buildValidator = AjvCompiler();

const buildSerializers = SerializerSelector();
const serializerPools = new Map<string, WeakMap<object, Serializer>>();

const buildSerializer: SerializerSelector.SerializerFactory = (externalSchemas, serializerOpts) => {
  const compile = buildSerializers(externalSchemas, serializerOpts);
  const key = JSON.stringify(externalSchemas) + JSON.stringify(serializerOpts);
  const compiled = serializerPools.get(key) ?? new WeakMap<object, Serializer>();
  serializerPools.set(key, compiled);
  return (route) => {
    const { schema } = route;
    if (typeof schema !== 'object' || schema === null) return compile(route);
    const known = compiled.get(schema);
    if (known) return known;
    const serializer = compile(route);
    compiled.set(schema, serializer);
    return serializer;
  };
};

export const sharedSchemaCompilers: CompilersFactory = { buildValidator, buildSerializer };

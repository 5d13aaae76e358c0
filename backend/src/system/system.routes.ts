/** Utility calls (ecrf-calls.md §7 "Utility: GET password, environment, assemblies; HEAD connectivity"). */
import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import { administratorPasswordPolicy, generatePassword } from '@ecrf/rules';
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { routeSchema } from '../http/schemas.js';
import { databaseVersions } from './system.sql.js';

/** The version label of ecrf-core.md §9. */
export const ECRF_VERSION = '1.30.6';

// The same relative path from src/system and dist/system.
const backendPackage = createRequire(import.meta.url)('../../package.json') as { name: string; version: string };

const ComponentSchema = Type.Object({
  name: Type.String({ description: 'Component, e.g. "@ecrf/backend", "node", "postgresql", "database-schema"' }),
  version: Type.String(),
});

export function registerSystemRoutes(app: App, { config, db }: AppDeps): void {
  app.head(
    '/connectivity',
    {
      // @fastify/swagger leaves HEAD routes out unless asked; it names the operation `<operationId>-head`.
      config: { access: { public: true }, swagger: { exposeHeadRoute: true } },
      schema: routeSchema({
        operationId: 'checkConnectivity',
        tags: ['System'],
        summary: 'Reachability probe (no body)',
        isPublic: true,
        response: { 200: Type.Null() },
      }),
    },
    async (_request, reply) => reply.status(200).send(null),
  );

  app.get(
    '/environment',
    {
      config: { access: { right: 'EnvironmentGetCmd' } },
      schema: routeSchema({
        operationId: 'getEnvironment',
        tags: ['System'],
        summary: 'Deployment environment and version',
        response: { 200: Type.Object({ environment: Type.String(), version: Type.String() }) },
      }),
    },
    () => ({ environment: config.environment, version: ECRF_VERSION }),
  );

  app.get(
    '/password',
    {
      config: { access: { right: 'PasswordGenerateCmd' } },
      schema: routeSchema({
        operationId: 'generatePassword',
        tags: ['System'],
        summary: 'A fresh password that meets the administrator password policy, with the policy itself',
        response: {
          200: Type.Object({
            password: Type.String(),
            policy: Type.Object({
              minLength: Type.Integer(),
              specialCharacters: Type.String(),
              rules: Type.Array(Type.String(), { description: 'The German message of each rule' }),
            }),
          }),
        },
      }),
    },
    () => ({ password: generatePassword((bound) => randomInt(bound)), policy: administratorPasswordPolicy }),
  );

  app.get(
    '/assemblies',
    {
      config: { access: { right: 'AssembliesGetCmd' } },
      schema: routeSchema({
        operationId: 'getAssemblies',
        tags: ['System'],
        summary: 'Versions of the running components: backend, Node.js, PostgreSQL and the applied database schema',
        response: { 200: Type.Object({ version: Type.String(), components: Type.Array(ComponentSchema) }) },
      }),
    },
    async () => {
      const database = await databaseVersions(db);
      return {
        version: ECRF_VERSION,
        components: [
          { name: backendPackage.name, version: backendPackage.version },
          { name: 'node', version: process.versions.node },
          { name: 'postgresql', version: database.serverVersion },
          { name: 'database-schema', version: database.schemaVersion ?? '' },
        ],
      };
    },
  );
}

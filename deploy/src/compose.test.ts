/**
 * docker-compose.yml against the Compose Specification's JSON schema and against the code: every service the
 * workspaces run is there (backend and gateway twice), every `*_URL` a service reads that names another service
 * names one that exists, every loader accepts its environment in production, the proxy routes to both gateways,
 * and every long-running service has a healthcheck and a restart policy. No Docker daemon is needed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { loadConfig as loadBackendConfig } from '@ecrf/backend';
import { gatewayConfigFromEnv } from '@ecrf/gateway';
import { loadConfig as loadMainzellisteConfig } from '@ecrf/mainzelliste';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  caddyUpstreams,
  composeText,
  composeVariables,
  envExample,
  loadCompose,
  repositoryRoot,
  urlVariablesReadIn,
  type ComposeService,
} from './test-support/compose-file.js';

/** URLs that name something outside the compose project: the users' address and the operator's mail relay. */
const EXTERNAL_URL_VARIABLES = new Set(['PUBLIC_URL', 'MAINZELLISTE_PUBLIC_URL', 'SMTP_URL']);
/** Ports of the images whose services do not set one. */
const IMAGE_PORTS: Record<string, number> = { postgres: 5432, redis: 6379 };

/** The operator's .env: every value .env.example leaves empty filled with a long enough secret. */
const operatorEnv = new Map([...envExample()].map(([name, value]) => [name, value || `${name.toLowerCase()}-${'x'.repeat(40)}`]));
const compose = loadCompose(operatorEnv);
const services = Object.entries(compose.services);
/** Long-running services; profiles hold one-off jobs (backup and restore). */
const running = services.filter(([, service]) => !service.profiles);

const rootPackage = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
  workspaces: string[];
  scripts: Record<string, string>;
};
/** The workspaces that run as a service: those with a src/main.ts. */
const serviceWorkspaces = rootPackage.workspaces.filter((workspace) => existsSync(join(repositoryRoot, workspace, 'src', 'main.ts')));

function replicasOf(workspace: string): [string, ComposeService][] {
  return running.filter(([, service]) => service.command?.join(' ') === `node ${workspace}/dist/main.js`);
}

function sourcesOf(workspace: string): string[] {
  const dir = join(repositoryRoot, workspace, 'src');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test-support') && !file.includes('__generated__'),
    )
    .map((file) => readFileSync(join(dir, file), 'utf8'));
}

function hostNames(name: string, service: ComposeService): string[] {
  return [name, ...Object.values(service.networks ?? {}).flatMap((network) => network?.aliases ?? [])];
}

function portOf(service: ComposeService): number | undefined {
  const declared = service.environment?.PORT ?? service.environment?.MAINZELLISTE_PORT;
  if (declared) return Number(declared);
  return IMAGE_PORTS[(service.image ?? '').split(':')[0] ?? ''];
}

/** The services a host name reaches (several for a shared alias). */
function servicesAt(host: string): [string, ComposeService][] {
  return running.filter(([name, service]) => hostNames(name, service).includes(host));
}

describe('docker-compose.yml', () => {
  it('is valid under the Compose Specification schema (the copy dclint ships)', () => {
    const schemaFile = join(dirname(createRequire(import.meta.url).resolve('dclint/package.json')), 'schemas', 'compose.schema.json');
    // A draft-07 schema that names its meta-schema by the https address (Ajv knows the http one); its formats
    // (duration, ports) are Compose's own, so Ajv checks the structure and Compose the formats.
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as object;
    const validate = new Ajv({ strict: false, validateSchema: false, validateFormats: false, allErrors: true }).compile(schema);
    expect(validate(compose), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('takes every secret from the environment, and .env.example lists exactly the variables it uses', () => {
    const variables = composeVariables(composeText());
    expect([...variables.keys()].sort()).toEqual([...envExample().keys()].sort());
    for (const secret of [
      'REGISTRY_DB_PASSWORD',
      'MAINZELLISTE_DB_PASSWORD',
      'JWT_SECRET',
      'MAINZELLISTE_API_KEY',
      'EVENTS_API_KEY',
      'FILE_LINK_SECRET',
    ]) {
      expect(variables.get(secret), secret).toBe(true);
    }
    expect(() => loadCompose(new Map([...operatorEnv].filter(([name]) => name !== 'JWT_SECRET')))).toThrow('set JWT_SECRET');
  });

  it('runs every service workspace, the backend and the gateway twice', () => {
    expect(serviceWorkspaces.sort()).toEqual(['backend', 'gateway', 'mainzelliste']);
    for (const workspace of serviceWorkspaces) expect(replicasOf(workspace).length, workspace).toBeGreaterThan(0);
    expect(replicasOf('backend')).toHaveLength(2);
    expect(replicasOf('gateway')).toHaveLength(2);
  });

  it('points every service URL a workspace reads at a service of the file, on the port it listens on', () => {
    for (const workspace of serviceWorkspaces) {
      const needed = [...urlVariablesReadIn([...sourcesOf(workspace), ...sourcesOf('database')])].filter(
        (name) => !EXTERNAL_URL_VARIABLES.has(name),
      );
      expect(needed.length, workspace).toBeGreaterThan(0);
      for (const [name, service] of replicasOf(workspace)) {
        for (const variable of needed) {
          const value = service.environment?.[variable];
          expect(value, `${name} ${variable}`).toBeTruthy();
          const url = new URL(value as string);
          const targets = servicesAt(url.hostname);
          expect(targets.length, `${name} ${variable} → ${url.hostname}`).toBeGreaterThan(0);
          for (const [, target] of targets) expect(portOf(target), `${name} ${variable}`).toBe(Number(url.port));
        }
      }
    }
  });

  it('keeps the identities in a PostgreSQL instance of their own (IDAT apart from MDAT)', () => {
    const registryHosts = replicasOf('backend').map(([, s]) => new URL(s.environment?.DATABASE_URL ?? '').hostname);
    const [[, mainzelliste] = []] = replicasOf('mainzelliste');
    const idatHost = new URL(mainzelliste?.environment?.MAINZELLISTE_DATABASE_URL ?? '').hostname;
    expect(new Set(registryHosts).size).toBe(1);
    expect(idatHost).not.toBe(registryHosts[0]);
    for (const host of [idatHost, registryHosts[0] as string]) expect(servicesAt(host)[0]?.[1].image).toMatch(/^postgres:/);
  });

  it('gives each service what its configuration loader requires in production', () => {
    const environmentOf = (workspace: string) => replicasOf(workspace).map(([, service]) => service.environment ?? {});
    const backends = environmentOf('backend').map((env) => loadBackendConfig(env));
    const gateways = environmentOf('gateway').map((env) => gatewayConfigFromEnv(env));
    const [pseudonymisation] = environmentOf('mainzelliste').map((env) => loadMainzellisteConfig(env));
    for (const backend of backends) {
      expect(backend.production).toBe(true);
      // Without a key the backend would start, and answer every identity call with 401.
      expect(backend.mainzelliste.apiKey).toBe(pseudonymisation?.servers[0]?.apiKey);
      expect(backend.eventsApiKey).toBe(gateways[0]?.eventsApiKey);
      expect(Buffer.from(backend.jwtSecret)).toEqual(Buffer.from(backends[0]?.jwtSecret ?? []));
    }
    expect(pseudonymisation?.production).toBe(true);
    expect(new Set(gateways.map((gateway) => gateway.fileLinkSecret)).size).toBe(1);
    for (const gateway of gateways) expect(gateway.redisUrl).toBeTruthy();
    // The loaders do refuse a production environment without these secrets.
    expect(() => loadBackendConfig({ NODE_ENV: 'production' })).toThrow();
    expect(() => gatewayConfigFromEnv({ NODE_ENV: 'production' })).toThrow();
    expect(() => loadMainzellisteConfig({ NODE_ENV: 'production' })).toThrow();
  });

  it('shares one exports volume between the backends, mounted where their configuration writes the files', () => {
    const mounts = replicasOf('backend').map(([, service]) => {
      const dir = loadBackendConfig(service.environment ?? {}).exports.dir;
      return (service.volumes ?? []).map((volume) => volume.split(':')).find(([, target]) => target === dir)?.[0];
    });
    expect(mounts[0]).toBeTruthy();
    expect(Object.keys(compose.volumes ?? {})).toContain(mounts[0]);
    expect(new Set(mounts).size).toBe(1);
  });

  it('publishes only the proxy, which routes round-robin to both gateways and checks them on /readyz', () => {
    expect(running.filter(([, service]) => service.ports).map(([name]) => name)).toEqual(['proxy']);
    const proxies = caddyUpstreams();
    expect(proxies).toHaveLength(1);
    const gateways = replicasOf('gateway').map(([name, service]) => `${name}:${portOf(service)}`);
    expect(proxies[0]?.upstreams.sort()).toEqual(gateways.sort());
    expect(proxies[0]?.healthUri).toBe('/readyz');
  });

  it('runs images the Dockerfile builds with every service, and the client tools the backup job calls', () => {
    const dockerfile = readFileSync(join(repositoryRoot, 'Dockerfile'), 'utf8');
    const build = rootPackage.scripts.build;
    expect(dockerfile).toContain('npm run build');
    for (const workspace of [...serviceWorkspaces, 'deploy']) expect(build, workspace).toContain(`npm run build -w ${workspace}`);
    expect(dockerfile).toMatch(/apt-get install [^\n]*postgresql-client/);
    const operations = services.filter(([, service]) => service.profiles);
    expect(operations.map(([, service]) => service.command?.join(' '))).toEqual(['npm run backup']);
    expect(rootPackage.scripts.backup).toBe('node deploy/dist/backup-main.js');
    for (const [name, service] of [...serviceWorkspaces.flatMap(replicasOf), ...operations]) expect(service.build, name).toBe('.');
  });

  it('restarts every long-running service and checks its health, the services on their own /readyz', () => {
    for (const [name, service] of running) {
      expect(service.restart, name).toBe('unless-stopped');
      expect(service.healthcheck?.test.length, name).toBeGreaterThan(0);
    }
    for (const workspace of serviceWorkspaces) {
      for (const [name, service] of replicasOf(workspace)) {
        expect(service.healthcheck?.test.join(' '), name).toContain(`http://127.0.0.1:${portOf(service)}/readyz`);
      }
    }
  });
});

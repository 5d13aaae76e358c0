/**
 * Reading the production set-up as Docker Compose would: docker-compose.yml with its anchors merged and its
 * `${VAR}` references filled from the environment, .env.example's variables, and deploy/Caddyfile's upstreams.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const repositoryRoot = join(import.meta.dirname, '..', '..', '..');

export type ComposeService = {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  profiles?: string[];
  restart?: string;
  healthcheck?: { test: string[] };
  networks?: Record<string, { aliases?: string[] } | null>;
};
export type ComposeFile = { services: Record<string, ComposeService>; volumes?: Record<string, unknown> };

/** The variables .env.example lists, with their example values ('' when the operator must choose one). */
export function envExample(): Map<string, string> {
  const lines = readFileSync(join(repositoryRoot, '.env.example'), 'utf8').split('\n');
  return new Map(
    lines.filter((line) => /^[A-Z_]+=/.test(line)).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

const REFERENCE = /\$\$|\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g;

/** The names referenced as `${NAME…}` in the compose file, each with whether it is required (`:?`). */
export function composeVariables(text: string): Map<string, boolean> {
  const found = new Map<string, boolean>();
  for (const [whole, name, operator] of text.matchAll(REFERENCE)) {
    if (whole === '$$' || !name) continue;
    found.set(name, (found.get(name) ?? false) || operator === ':?');
  }
  return found;
}

/** Compose's interpolation: `${X}`, `${X:-default}`, `${X:?error}` (refused when unset or empty), `$$` for `$`. */
export function interpolate(text: string, env: ReadonlyMap<string, string>): string {
  return text.replace(REFERENCE, (whole, name: string | undefined, operator: string | undefined, argument: string | undefined) => {
    if (whole === '$$') return '$';
    const value = env.get(name as string) ?? '';
    if (operator === ':?' && value === '') throw new Error(`${name}: ${argument}`);
    if (operator === ':-' && value === '') return argument ?? '';
    return value;
  });
}

export function composeText(): string {
  return readFileSync(join(repositoryRoot, 'docker-compose.yml'), 'utf8');
}

/** The compose file as Compose sees it, with `env` as the operator's .env. */
export function loadCompose(env: ReadonlyMap<string, string>): ComposeFile {
  return parse(interpolate(composeText(), env), { merge: true }) as ComposeFile;
}

/** The `host:port` upstreams of every reverse_proxy directive, and the health_uri of each. */
export function caddyUpstreams(): { upstreams: string[]; healthUri: string | undefined }[] {
  const text = readFileSync(join(repositoryRoot, 'deploy', 'Caddyfile'), 'utf8').replace(/#.*$/gm, '');
  return [...text.matchAll(/reverse_proxy\s+([^{\n]+)\{([^}]*)\}/g)].map(([, upstreams = '', block = '']) => ({
    upstreams: upstreams.trim().split(/\s+/),
    healthUri: /health_uri\s+(\S+)/.exec(block)?.[1],
  }));
}

/** Environment variables named `*_URL` that the non-test sources under `dir` read (`env.X_URL`). */
export function urlVariablesReadIn(sources: string[]): Set<string> {
  const names = new Set<string>();
  for (const source of sources) for (const [, name] of source.matchAll(/env\.([A-Z_]+_URL)\b/g)) names.add(name as string);
  return names;
}

/**
 * Study definition versions as the rule engine's model (docs/gateway.md "Study definitions"). A version never
 * changes once loaded (an update adds a version), so the gateway keeps each one for the life of the process
 * and serves it to every request. Definitions and their versions are few, so the cache is not bounded. The
 * right to read definitions is checked per request before the cache answers, as the backend would.
 */
import { indexStudyDefinition, type DefinitionIndex, type StudyDefinition } from '@ecrf/rules';
import type { GatewayContext } from '../context.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import { viewerRights } from '../viewer/rights.js';

/** A version of a study definition, by backend id and number. */
export type DefinitionVersion = { studyDefinitionId: string; version: number };

/** The backend part of the global id of a version, `<definitionId>/<version>`, or of one of its parts, `…/<key>`. */
export function versionPath({ studyDefinitionId, version }: DefinitionVersion, key?: string, scope?: string): string {
  const path = key === undefined ? `${studyDefinitionId}/${version}` : `${studyDefinitionId}/${version}/${key}`;
  return scope === undefined ? path : `${path}/${scope}`;
}

/**
 * The version, part key and scope a `versionPath` names (the scope: the key of the visit definition an instrument
 * definition is seen in); null when it names no version.
 */
export function parseVersionPath(path: string): { version: DefinitionVersion; key: string; scope?: string } | null {
  const [studyDefinitionId = '', number = '', key = '', scope] = path.split('/');
  const version = Number(number);
  return Number.isInteger(version) && version >= 1 ? { version: { studyDefinitionId, version }, key, scope } : null;
}

type Loaded = { model: StudyDefinition; index: DefinitionIndex };

const versions = new Map<string, Promise<Loaded>>();

async function load(context: GatewayContext, { studyDefinitionId, version }: DefinitionVersion): Promise<Loaded> {
  const answer = await context.backend.call('get', '/api/v1.0/StudyDefinition/{id}', {
    path: { id: studyDefinitionId },
    query: { version },
  });
  // The backend answers the definition document of @ecrf/rules (its schema is that type, unrolled).
  const model = answer as unknown as StudyDefinition;
  return { model, index: indexStudyDefinition(model) };
}

/**
 * A version with its rules index, for the gateway's own evaluation of documentation the viewer may read.
 * The first request loads it with its own token; a failed load is forgotten, so the next request tries again.
 */
export function loadedVersion(context: GatewayContext, ref: DefinitionVersion): Promise<Loaded> {
  const key = `${ref.studyDefinitionId}/${ref.version}`;
  let loaded = versions.get(key);
  if (!loaded) {
    loaded = load(context, ref);
    versions.set(key, loaded);
    loaded.catch(() => versions.delete(key));
  }
  return loaded;
}

/**
 * The model for the viewer to read: needs StudyDefinitionGetCmd. Without it the answer is the backend's own
 * refusal (403 ECRF_ERR_FORBIDDEN), so the graph treats a cached version as it treats a read of the backend.
 */
export async function readableVersion(context: GatewayContext, ref: DefinitionVersion): Promise<Loaded> {
  const may = await viewerRights(context);
  if (!may('StudyDefinitionGetCmd')) throw new UpstreamError(403, 'ECRF_ERR_FORBIDDEN', 'missing right', {});
  return loadedVersion(context, ref);
}

/**
 * Per-request context: the caller's token, an upstream client that counts calls, and one DataLoader per
 * resource, so that a GraphQL operation asks the backend for each thing once and in batches.
 */
import DataLoader from 'dataloader';
import type { Pool } from 'undici';
import { BackendClient, type RequestOrigin } from './upstream/backend-client.js';
import { forbidden } from './upstream/upstream-error.js';
import { createAdministrationLoaders } from './administration/loaders.js';
import { createStudyDefinitionLoaders } from './study-definitions/loaders.js';
import { createPatientLoaders } from './patients/loaders.js';
import { primeIncluded } from './patients/context-includes.js';
import { createElearningLoaders } from './elearning/loaders.js';
import type { Role, StudyInstitute, User } from './upstream/models.js';
import type { GatewayConfig } from './config/gateway-config.js';
import { byId, once } from './upstream/loading.js';
import { rideAlong } from './upstream/ride-along.js';
import { createIdentityLoaders, type IdentityLoaders } from './identity/loaders.js';
import { createServiceClient, type ServiceClient } from './identity/service-client.js';
import { viewerRights } from './viewer/rights.js';
import type { LiveEvents } from './events/live-events.js';
import { createDataQueryLoaders } from './data-queries/loaders.js';
import { createExportLoaders } from './exports/loaders.js';
import { createOnkozertLoaders } from './onkozert/loaders.js';
import { createObdsImportLoaders } from './obds-import/loaders.js';
import { createGenericExportLoaders } from './generic-exports/loaders.js';
import { createTerminologyLoaders } from './terminology/loaders.js';
import { createNewsDocumentLoaders } from './news-documents/loaders.js';
import { createQuestionnaireLoaders } from './questionnaires/loaders.js';
import type { FileLinks, FileTicket } from './files/file-links.js';
import type { AttemptLimiter } from '@ecrf/rules';

/** A part of the viewer the caller lacks the right to read: the 403 its own call would answer. */
function viewerPart<T>(part: T | null, right: string): T {
  if (part === null) throw forbidden(right);
  return part;
}

function createLoaders(backend: BackendClient) {
  // The user, their rights and locations (every screen's frame) come in one call, or with the patient context.
  const viewer = rideAlong(() => backend.call('get', '/api/v1.0/Viewer', {}));
  const questionnaires = rideAlong(() => backend.call('get', '/api/v1.0/SynQuest/questionnaires', {}));
  const patients = createPatientLoaders(backend, (context) => primeIncluded(loaders, context), { viewer, questionnaires });
  const loaders = {
    /** The viewer's load: other calls of the operation may carry it (patient contexts, the patient list). */
    viewer,
    currentUser: once(async () => viewerPart((await viewer.load()).user, 'UserGetCurrentCmd')),
    currentRights: once(async () => viewerPart((await viewer.load()).rights, 'RightGetCurrentUserCmd')),
    myStudyInstitutes: once(async () => viewerPart((await viewer.load()).studyInstitutes, 'StudyInstituteGetMyCmd')),
    questionnaires,
    roles: once(() => backend.call('get', '/api/v1.0/Role', {})),
    users: new DataLoader<string, User | null>(async (ids) =>
      byId(ids, await backend.call('get', '/api/v1.0/User', { query: { ids: ids.join(',') } })),
    ),
    studyInstitutes: new DataLoader<string, StudyInstitute | null>(async (ids) =>
      byId(ids, await backend.call('get', '/api/v1.0/StudyInstitute', { query: { ids: ids.join(',') } })),
    ),
    ...createAdministrationLoaders(backend),
    ...createStudyDefinitionLoaders(backend),
    ...patients,
    ...createDataQueryLoaders(backend),
    ...createExportLoaders(backend),
    ...createOnkozertLoaders(backend),
    ...createObdsImportLoaders(backend),
    ...createGenericExportLoaders(backend),
    ...createTerminologyLoaders(backend),
    ...createNewsDocumentLoaders(backend),
    ...createQuestionnaireLoaders(backend, patients.patientContexts),
    ...createElearningLoaders(backend),
  };
  return loaders;
}

export type Loaders = ReturnType<typeof createLoaders> & IdentityLoaders;

export type GatewayContext = {
  token: string | undefined;
  backend: BackendClient;
  /** The pseudonymisation service, reached with tokens of the backend (IDAT never passes the backend). */
  service: ServiceClient;
  loaders: Loaders;
  config: GatewayConfig;
  /** The gateway's live events, for subscriptions. */
  live: LiveEvents;
  /** Signs the short-lived download links of files (files/file-links.ts). */
  fileLinks: FileLinks;
  /** The client's address (HTTP requests), by which the public questionnaire calls are throttled. */
  clientAddress?: string;
  /** Counts a client's invalid questionnaire access codes, shared by the replicas (http/shared-attempt-limiter.ts). */
  accessCodeLimiter: AttemptLimiter;
  /**
   * New upstream client and loaders on the same token: a subscription reads each event's payload afresh
   * (graphql-ws keeps one context per operation, so the loaders' caches would otherwise outlive the event).
   */
  renew(): void;
};

function requestParts(
  pool: Pool,
  service: ServiceClient,
  token: string | undefined,
  origin: RequestOrigin = {},
): Pick<GatewayContext, 'backend' | 'loaders'> {
  const backend = new BackendClient(pool, token, { calls: 0 }, origin);
  const loaders: Loaders = { ...createLoaders(backend), ...createIdentityLoaders(backend, service, () => viewerRights({ loaders })) };
  return { backend, loaders };
}

export function createContext(
  pool: Pool,
  config: GatewayConfig,
  live: LiveEvents,
  fileLinks: FileLinks,
  accessCodeLimiter: AttemptLimiter,
  token: string | undefined,
  origin: RequestOrigin = {},
): GatewayContext {
  const service = createServiceClient(config.mainzellisteUrl);
  const context: GatewayContext = {
    token,
    ...requestParts(pool, service, token, origin),
    ...(origin.clientAddress ? { clientAddress: origin.clientAddress } : {}),
    service,
    config,
    live,
    fileLinks,
    accessCodeLimiter,
    renew: () => Object.assign(context, requestParts(pool, service, token)),
  };
  return context;
}

/** A download link of a backend file call on the caller's token; null without a session. */
export async function fileLink(context: GatewayContext, call: Omit<FileTicket, 'accessToken'>): Promise<string | null> {
  return context.token ? context.fileLinks.link({ ...call, accessToken: context.token }) : null;
}

export async function roleById(context: GatewayContext, id: string): Promise<Role | null> {
  return (await context.loaders.roles()).find((role) => role.id === id) ?? null;
}

/** `Bearer <token>` → token. */
export function tokenFromAuthorization(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

/**
 * Changes to generic export definitions (docs/gateway.md "Generic exports"). The backend checks the rules of
 * @ecrf/rules (exportDefinitionErrors); its field errors come back as INVALID_VALUE at the input field of the same
 * name (`name`, `items.2`, `cron`) with the German message, a stale version as STALE_WRITE with the definition as
 * stored now. A missing right stays a FORBIDDEN GraphQL error.
 */
import type { GenericExportFormat, MutationResolvers } from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import { toGlobalId } from '../graph/global-id.js';
import { attemptWithIds, backendId, type UserErrorModel } from '../graph/user-errors.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import { backendFormat } from './generic-exports.resolvers.js';
import type { GenericExportDefinition } from './models.js';

type Payload = { genericExportDefinition: GenericExportDefinition | null; errors: UserErrorModel[] };
type Content = { name: string; description?: string | null; items: string[]; outputFormat: GenericExportFormat; cron?: string | null };

const isDefinition = (value: unknown): value is GenericExportDefinition =>
  typeof value === 'object' && value !== null && 'items' in value && 'outputFormat' in value && 'version' in value;

const body = ({ name, description, items, outputFormat, cron }: Content) => ({
  name,
  description: description ?? null,
  items,
  outputFormat: backendFormat(outputFormat),
  cron: cron ?? null,
});

/** Runs a save; a stale version answers the stored definition, field rules and malformed ids user errors. */
function save(context: GatewayContext, run: () => Promise<GenericExportDefinition>): Promise<Payload> {
  return attemptWithIds<Payload>(
    context,
    async () => {
      try {
        return { genericExportDefinition: await run(), errors: [] };
      } catch (error) {
        if (!(error instanceof UpstreamError) || error.code !== 'ECRF_ERR_STALE_WRITE') throw error;
        const current = error.body.current;
        return {
          genericExportDefinition: isDefinition(current) ? current : null,
          errors: [{ code: 'STALE_WRITE', message: error.message }],
        };
      }
    },
    (errors) => ({ genericExportDefinition: null, errors }),
  );
}

export const genericExportMutations: Pick<
  MutationResolvers,
  'createGenericExportDefinition' | 'updateGenericExportDefinition' | 'deleteGenericExportDefinition' | 'duplicateGenericExportDefinition'
> = {
  createGenericExportDefinition: (_, { input }, context) =>
    save(context, () =>
      context.backend.call('post', '/api/v1.0/GenericExport/study/{studyId}', {
        path: { studyId: backendId(input.studyId, 'Study', 'studyId') },
        body: body(input),
      }),
    ),
  updateGenericExportDefinition: (_, { input }, context) =>
    save(context, () =>
      context.backend.call('put', '/api/v1.0/GenericExport/{id}', {
        path: { id: backendId(input.id, 'GenericExportDefinition', 'id') },
        body: { ...body(input), version: input.version },
      }),
    ),
  duplicateGenericExportDefinition: (_, { input }, context) =>
    save(context, () =>
      context.backend.call('post', '/api/v1.0/GenericExport/{id}/duplicate', {
        path: { id: backendId(input.id, 'GenericExportDefinition', 'id') },
      }),
    ),
  deleteGenericExportDefinition: (_, { input }, context) =>
    attemptWithIds<{ deletedId: string | null; errors: UserErrorModel[] }>(
      context,
      async () => {
        const id = backendId(input.id, 'GenericExportDefinition', 'id');
        await context.backend.call('delete', '/api/v1.0/GenericExport/{id}', { path: { id } });
        return { deletedId: toGlobalId('GenericExportDefinition', id), errors: [] };
      },
      (errors) => ({ deletedId: null, errors }),
    ),
};

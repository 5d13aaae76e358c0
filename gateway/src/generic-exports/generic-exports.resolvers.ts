/**
 * Generic export definitions in the graph (docs/gateway.md "Generic exports"): a study's definitions as a
 * connection, the study's data provider items, and the definition type. Items are labelled from the study's data
 * provider items, loaded once per study, so a list of definitions costs two backend calls however long it is.
 */
import type {
  GenericExportDefinitionItem,
  GenericExportDefinitionResolvers,
  GenericExportFormat,
  QueryResolvers,
} from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import { connectionFromList } from '../graph/connection.js';
import { toGlobalId } from '../graph/global-id.js';
import { argumentId } from '../graph/user-errors.js';
import { nullIfForbidden } from '../upstream/upstream-error.js';
import type { GenericExportDefinition } from './models.js';

export const outputFormats = { csv: 'CSV', xlsx: 'XLSX' } as const satisfies Record<
  GenericExportDefinition['outputFormat'],
  GenericExportFormat
>;

/** The backend's name of a format of the graph. */
export const backendFormat = (format: GenericExportFormat): GenericExportDefinition['outputFormat'] => (format === 'CSV' ? 'csv' : 'xlsx');

const DEFAULT_PAGE = 100;

/** A definition by backend id; null when it is deleted (the backend still answers it, for the files of its runs). */
export async function loadGenericExportDefinitionNode(id: string, context: GatewayContext): Promise<GenericExportDefinition | null> {
  const definition = await context.loaders.genericExportDefinitions.load(id);
  return definition.isDeleted ? null : definition;
}

export const genericExportQueries: Pick<QueryResolvers, 'genericExportDefinitions' | 'genericExportDataProviderItems'> = {
  async genericExportDefinitions(_, { studyId, ...paging }, context) {
    const study = await argumentId(studyId, 'Study', 'studyId', context);
    return connectionFromList(await context.loaders.studyGenericExportDefinitions.load(study), paging, DEFAULT_PAGE);
  },
  async genericExportDataProviderItems(_, { studyId }, context) {
    return context.loaders.dataProviderItems.load(await argumentId(studyId, 'Study', 'studyId', context));
  },
};

export const GenericExportDefinitionType: GenericExportDefinitionResolvers = {
  id: (definition) => toGlobalId('GenericExportDefinition', definition.id),
  study: (definition) => ({ id: definition.studyId }),
  outputFormat: (definition) => outputFormats[definition.outputFormat],
  async items(definition, _, context): Promise<GenericExportDefinitionItem[]> {
    // Viewers who may read definitions but not the items (evaluation roles) see the keys alone.
    const known = await nullIfForbidden(context.loaders.dataProviderItems.load(definition.studyId));
    const byKey = new Map((known ?? []).map((item) => [item.key, item]));
    return definition.items.map((key) => ({ key, group: byKey.get(key)?.group ?? null, label: byKey.get(key)?.label ?? null }));
  },
};

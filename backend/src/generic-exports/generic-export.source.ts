/**
 * The content of a generic export job (export kind `generic-export`, parameters `{ definitionId }`): one
 * table named after the definition, its columns the selected items in order, its rows per patient or per
 * visit (generic-export-rows.ts), streamed and limited to the study and the locations of the job's scope.
 */
import { notFound } from '../errors/errors.js';
import type { ExportTable, TableSource } from '../export-content/export-content.js';
import type { CatalogueItem } from './data-provider-items.js';
import { neededParts, rowModeOf, rowWriter, type RowData, type RowInstrument, type RowVisit } from './generic-export-rows.js';
import { getGenericExport, studyCatalogue } from './generic-exports.service.js';
import {
  countExportRows,
  streamExportRows,
  type ExportRowRecord,
  type ExportRowsQuery,
  type GenericExportRow,
} from './generic-exports.sql.js';

/** The parameters of a job of the definition: the format is fixed when the job starts. */
export const genericExportJobParameters = (definition: Pick<GenericExportRow, 'id' | 'output_format'>) => ({
  definitionId: definition.id,
  asXlsx: definition.output_format === 'xlsx',
});

/** A file or sheet name: letters, digits, _ and -, at most 31 characters (the limit of an XLSX sheet name). */
export function tableNameOf(name: string): string {
  const ascii = name
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 31);
  return ascii === '' ? 'export' : ascii;
}

const byDefinition = <T extends { definitionId: string }>(list: unknown): Map<string, T> =>
  new Map((Array.isArray(list) ? (list as T[]) : []).map((entry) => [entry.definitionId, entry]));

function rowDataOf(record: ExportRowRecord): RowData {
  return {
    pseudonym: record.pseudonym,
    location: `${record.location_identifier} - ${record.location_name}`,
    registrationDate: record.registration_date,
    patientFields: record.patient_fields,
    visits: byDefinition<RowVisit>(record.visits),
    standalone: byDefinition<RowInstrument>(record.standalone),
  };
}

export const genericExportSource: TableSource = async ({ db, scope }) => {
  const definitionId = scope.parameters.definitionId;
  if (typeof definitionId !== 'string') throw notFound('generic export definition');
  const definition = await getGenericExport(db, definitionId);
  if (definition.study_id !== scope.studyId) throw notFound('generic export definition');
  const { items: offered, model } = await studyCatalogue(db, scope.studyId);
  if (!model) throw notFound('study definition');
  const catalogue = new Map(offered.map((item) => [item.key, item]));
  // Keys the study's definition no longer offers are left out (definitions keep their parts, so this is rare).
  const items = definition.items.map((key) => catalogue.get(key)).filter((item): item is CatalogueItem => item !== undefined);
  const mode = rowModeOf(items);
  const parts = neededParts(items);
  const query: ExportRowsQuery = {
    studyId: scope.studyId,
    locationIds: scope.locationIds,
    mode,
    visitDefinitionIds: parts.visits,
    instrumentDefinitionIds: parts.instruments,
    standaloneDefinitionIds: parts.standalone,
  };
  const write = rowWriter(items, model);
  const table: ExportTable = {
    name: tableNameOf(definition.name),
    columns: items.map((item) => ({ key: item.column, label: item.label, type: item.type })),
    count: () => countExportRows(db, query),
    rows: async function* () {
      for await (const record of streamExportRows(db, query)) {
        const own = mode === 'visit' ? (record.own_visit as RowVisit) : undefined;
        const data = rowDataOf(record);
        yield write(own ? { ...data, visits: new Map([[own.definitionId, own]]) } : data, own);
      }
    },
  };
  return [table];
};

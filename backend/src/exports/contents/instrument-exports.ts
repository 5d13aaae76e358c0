/**
 * Exports that are the tables of chosen instruments (form-columns.ts flattening, study-tables.ts rows):
 * `diginet-conditions` - the diagnoses (rules' DIAGNOSIS_INSTRUMENT) of the study, or of one institute's
 * locations with `parameters.instituteId`.
 */
import { DIAGNOSIS_INSTRUMENT } from '@ecrf/rules';
import type { ExportScope, ExportSourceContext, TableSource } from '../../export-content/export-content.js';
import { scopedLocations, studyDefinitions } from './export-scope.sql.js';
import { sasNamer } from './sas-names.js';
import { instrumentDefinitionsOf, instrumentTables } from './instrument-tables.js';

async function tablesOf(context: ExportSourceContext, identifiers: readonly string[], tableName: (raw: string) => string) {
  const definitions = await studyDefinitions(context.db, context.scope.studyId);
  return definitions.flatMap((definition) =>
    instrumentDefinitionsOf(definition)
      .filter((instrument) => identifiers.includes(instrument.identifier))
      .flatMap((instrument) => instrumentTables(context, definition, instrument, tableName)),
  );
}

/** The scope narrowed to one institute's location, when the parameters name the institute (or the location itself). */
async function instituteScope({ db, scope }: ExportSourceContext): Promise<ExportScope> {
  const instituteId = scope.parameters.instituteId;
  if (typeof instituteId !== 'string' || instituteId === '') return scope;
  const locations = await scopedLocations(db, scope)
    .select('si.id')
    .where((eb) => eb.or([eb('si.institute_id', '=', instituteId), eb('si.id', '=', instituteId)]))
    .execute();
  return { ...scope, locationIds: locations.map((l) => l.id) };
}

export const digiNetConditionsSource: TableSource = async (context) => {
  const name = sasNamer();
  const scope = await instituteScope(context);
  return tablesOf({ ...context, scope }, [DIAGNOSIS_INSTRUMENT], (raw) => name(raw.replace(DIAGNOSIS_INSTRUMENT, 'conditions')));
};

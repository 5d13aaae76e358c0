/**
 * The screening export (ecrf-calls.md §7 "screening-export", §9: from 04:30 Berlin time of the current day
 * by default, filled in by the job runner): the patients registered in the registry since `fromDate`, with
 * their location and the state of their baseline visit.
 */
import { exportInstant, VISIT_IDENTIFIERS } from '@ecrf/rules';
import type { ExportColumn, TableSource } from '../../export-content/export-content.js';
import { countRows, scopedStudyPatients, STREAM_CHUNK, streamedTable, studyDefinitions } from './export-scope.sql.js';
import { IS_DIGINET_COLUMN, LOCATION_NAME_COLUMN, PATIENT_COLUMNS } from './export-columns.js';

const COLUMNS: readonly ExportColumn[] = [
  ...PATIENT_COLUMNS,
  LOCATION_NAME_COLUMN,
  IS_DIGINET_COLUMN,
  { key: 'registration_date', label: 'Registrierungsdatum', type: 'date' },
  { key: 'registered_at', label: 'Im Register angelegt am', type: 'datetime' },
  { key: 'baseline_state', label: 'Status der Baseline-Visite', type: 'string' },
];

export const screeningSource: TableSource = async ({ db, scope }) => {
  const from = exportInstant(String(scope.parameters.fromDate), 'start');
  const baselineIds = (await studyDefinitions(db, scope.studyId)).flatMap((d) => {
    const baseline = d.index.visitByIdentifier.get(VISIT_IDENTIFIERS.baseline);
    return baseline ? [baseline.id] : [];
  });
  const base = () => scopedStudyPatients(db, scope).where('sp.created_at', '>=', from).where('sp.created_at', '<', scope.startedAt);
  return [
    streamedTable({
      name: 'screening',
      columns: COLUMNS,
      count: () => countRows(base()),
      stream: () =>
        base()
          .select(['p.pseudonym', 'inst.identifier', 'inst.display_name', 'inst.additional_info', 'p.registration_date', 'sp.created_at'])
          .select((eb) =>
            eb
              .selectFrom('visit as v')
              .select('v.state')
              .whereRef('v.study_patient_id', '=', 'sp.id')
              .where('v.is_deleted', '=', false)
              .where((w) => (baselineIds.length > 0 ? w('v.definition_id', 'in', baselineIds) : w.lit(false)))
              .orderBy('v.sort_order')
              .limit(1)
              .as('baseline_state'),
          )
          .orderBy('sp.created_at')
          .orderBy('sp.id')
          .stream(STREAM_CHUNK),
      row: (r) => ({
        patient_id: r.pseudonym,
        location: r.identifier,
        location_name: r.display_name,
        is_diginet: r.additional_info.isDigiNet === true,
        registration_date: r.registration_date,
        registered_at: r.created_at,
        baseline_state: r.baseline_state,
      }),
    }),
  ];
};

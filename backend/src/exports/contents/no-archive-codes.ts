/**
 * The no-archive-codes export (ecrf-calls.md §7 NngmExport "no-archive-codes"). The study definition has no
 * archive code or sample code field, so the rule is ours (rules' ARCHIVE_CODE_SOURCE, from
 * reference/lung-registry.md: nNGM tests the tumour sample centrally and the testing centre archives it): a
 * patient has an archive code when a molecular test (instrument not deleted, in a visit not deleted) names its
 * testing network centre and its test date. The export lists every patient in scope without one, and why.
 */
import { ARCHIVE_CODE_SOURCE, VISIT_IDENTIFIERS } from '@ecrf/rules';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DB } from '../../__generated__/database.js';
import type { ExportColumn, ExportScope, TableSource } from '../../export-content/export-content.js';
import { countRows, scopedStudyPatients, STREAM_CHUNK, streamedTable, studyDefinitions } from './export-scope.sql.js';
import { hasFilledValue, hasOrganization } from './field-paths.sql.js';
import { LOCATION_NAME_COLUMN, PATIENT_COLUMNS } from './export-columns.js';

const COLUMNS: readonly ExportColumn[] = [
  ...PATIENT_COLUMNS,
  LOCATION_NAME_COLUMN,
  { key: 'registration_date', label: 'Registrierungsdatum', type: 'date' },
  { key: 'baseline_date', label: 'Datum der Baseline-Visite', type: 'date' },
  { key: 'reason', label: 'Grund', type: 'string' },
];

export const NO_ARCHIVE_CODE_REASONS = {
  noTest: 'Keine molekulare Testung dokumentiert',
  incomplete: 'Testendes Netzwerkzentrum oder Datum der Testung fehlt',
} as const;

type Parts = { instrumentIds: string[]; testDateIds: string[]; centreIds: string[]; baselineIds: string[] };

/** Molecular tests of the patient (`sp`), not deleted, standalone or in a visit not deleted; `complete`: with centre and date. */
function molecularTests(eb: ExpressionBuilder<DB & { sp: DB['study_patient'] }, 'sp'>, parts: Parts, complete: boolean) {
  let query = eb
    .selectFrom('instrument as i')
    .leftJoin('visit as v', 'v.id', 'i.visit_id')
    .select('i.id')
    .whereRef('i.study_patient_id', '=', 'sp.id')
    .where('i.is_deleted', '=', false)
    .where((w) => (parts.instrumentIds.length > 0 ? w('i.definition_id', 'in', parts.instrumentIds) : w.lit(false)))
    .where((w) => w.or([w('i.visit_id', 'is', null), w('v.is_deleted', '=', false)]));
  if (complete) {
    query = query
      .where((w) => w.or(parts.testDateIds.map((id) => hasFilledValue(sql.ref('i.fields'), id))))
      .where((w) => w.or(parts.centreIds.map((id) => hasOrganization(sql.ref('i.fields'), id))));
  }
  return eb.exists(query);
}

async function parts(db: Kysely<DB>, scope: ExportScope): Promise<Parts> {
  const definitions = await studyDefinitions(db, scope.studyId);
  const instruments = definitions
    .flatMap((d) => [...d.index.instrumentById.values()])
    .filter((i) => i.identifier === ARCHIVE_CODE_SOURCE.instrument);
  const ids = (identifier: string) => instruments.flatMap((i) => i.fields.filter((f) => f.identifier === identifier).map((f) => f.id));
  return {
    instrumentIds: instruments.map((i) => i.id),
    testDateIds: ids(ARCHIVE_CODE_SOURCE.testDate),
    centreIds: ids(ARCHIVE_CODE_SOURCE.testingCentre),
    baselineIds: definitions.flatMap((d) => d.index.visitByIdentifier.get(VISIT_IDENTIFIERS.baseline)?.id ?? []),
  };
}

export const noArchiveCodesSource: TableSource = async ({ db, scope }) => {
  const found = await parts(db, scope);
  const base = () => scopedStudyPatients(db, scope).where((eb) => eb.not(molecularTests(eb, found, true)));
  return [
    streamedTable({
      name: 'no_archive_codes',
      columns: COLUMNS,
      count: () => countRows(base()),
      stream: () =>
        base()
          .select(['p.pseudonym', 'inst.identifier', 'inst.display_name', 'p.registration_date'])
          .select((eb) => molecularTests(eb, found, false).as('tested'))
          .select((eb) =>
            eb
              .selectFrom('visit as b')
              .select('b.visit_date')
              .whereRef('b.study_patient_id', '=', 'sp.id')
              .where('b.is_deleted', '=', false)
              .where((w) => (found.baselineIds.length > 0 ? w('b.definition_id', 'in', found.baselineIds) : w.lit(false)))
              .orderBy('b.sort_order')
              .limit(1)
              .as('baseline_date'),
          )
          .orderBy('inst.identifier')
          .orderBy('p.pseudonym')
          .stream(STREAM_CHUNK),
      row: (r) => ({
        patient_id: r.pseudonym,
        location: r.identifier,
        location_name: r.display_name,
        registration_date: r.registration_date,
        baseline_date: r.baseline_date,
        reason: r.tested ? NO_ARCHIVE_CODE_REASONS.incomplete : NO_ARCHIVE_CODE_REASONS.noTest,
      }),
    }),
  ];
};

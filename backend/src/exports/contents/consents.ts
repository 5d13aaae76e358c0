/**
 * The consent exports of the NNGM (DigiNet) family (ecrf-calls.md §3 consents instrument, §4, §7):
 * `diginet-consents` reports each patient's consent (newest version, date, the four policies of consent 4,
 * fully given, withdrawal) by the rules' consentSummary; `publication` lists the patients whose consent allows
 * publication and research use (consentAllowsPublication: consent 4 fully given, not withdrawn), selected in
 * SQL by the derived field the save stores (`consent4_given` = yes on a complete consents instrument) and the
 * withdrawal dates, so its COUNT query selects the same patients.
 */
import {
  CONSENT_4_GIVEN_FIELD,
  CONSENT_FIELD_IDENTIFIERS,
  INSTRUMENT_IDENTIFIERS,
  YES,
  consentAllowsPublication,
  consentSummary,
  registryToday,
  type ConsentSummary,
  type DataFieldInstance,
} from '@ecrf/rules';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DB } from '../../__generated__/database.js';
import { definitionIndex } from '../../patient-documentation/definition-cache.js';
import type { ExportColumn, ExportRow, ExportScope, TableSource } from '../../export-content/export-content.js';
import {
  countRows,
  scopedStudyPatients,
  STREAM_CHUNK,
  streamedTable,
  studyDefinitions,
  type ExportDefinition,
} from './export-scope.sql.js';
import { hasValue, hasValueUpTo } from './field-paths.sql.js';
import { LOCATION_NAME_COLUMN, PATIENT_COLUMNS } from './export-columns.js';

const PATIENT_LOCATION_COLUMNS: readonly ExportColumn[] = [...PATIENT_COLUMNS, LOCATION_NAME_COLUMN];

const CONSENT_COLUMNS: readonly ExportColumn[] = [
  { key: 'consent_version', label: 'Version der Einwilligung', type: 'string' },
  { key: 'consent_date', label: 'Datum der Einwilligung', type: 'string' },
  { key: 'policy_processing', label: 'Verarbeitung der Daten im Register', type: 'string' },
  { key: 'policy_contact', label: 'Erneute Kontaktaufnahme', type: 'string' },
  { key: 'policy_retro_health_insurance', label: 'Rückwirkende Krankenkassendaten', type: 'string' },
  { key: 'policy_health_insurance', label: 'Künftige Krankenkassendaten', type: 'string' },
  { key: 'fully_given', label: 'Einwilligung 4 vollständig erteilt', type: 'boolean' },
  { key: 'withdrawn', label: 'Widerrufen', type: 'boolean' },
  { key: 'withdrawal_date', label: 'Datum des Widerrufs', type: 'string' },
  { key: 'change_reason', label: 'Änderungsgrund', type: 'string' },
  { key: 'consents_state', label: 'Status des Einwilligungsinstruments', type: 'string' },
];

function consentCells(summary: ConsentSummary): ExportRow {
  return {
    consent_version: summary.version,
    consent_date: summary.consentDate,
    policy_processing: summary.policies?.processing ?? null,
    policy_contact: summary.policies?.contact ?? null,
    policy_retro_health_insurance: summary.policies?.retrospectiveHealthInsurance ?? null,
    policy_health_insurance: summary.policies?.healthInsurance ?? null,
    fully_given: summary.fullyGiven,
    withdrawn: summary.withdrawn,
    withdrawal_date: summary.withdrawalDate,
    change_reason: summary.changeReason,
    consents_state: summary.instrumentState,
  };
}

/** The consents instruments of the study's definitions, with the ids of their derived and withdrawal fields. */
export function consentParts(definitions: readonly ExportDefinition[]) {
  const instruments = definitions
    .flatMap((d) => [...d.index.instrumentById.values()])
    .filter((i) => i.identifier === INSTRUMENT_IDENTIFIERS.consents);
  const fieldIds = (identifier: string) => instruments.flatMap((i) => i.fields.filter((f) => f.identifier === identifier).map((f) => f.id));
  return {
    instrumentIds: instruments.map((i) => i.id),
    givenIds: fieldIds(CONSENT_4_GIVEN_FIELD),
    withdrawalIds: fieldIds(CONSENT_FIELD_IDENTIFIERS.withdrawalDate),
  };
}

type ConsentParts = ReturnType<typeof consentParts>;

/** The patient's consents instrument (not deleted, standalone or in a visit not deleted): `c.fields`, `c.state`. */
export function withConsents(db: Kysely<DB>, scope: ExportScope, parts: ConsentParts) {
  return scopedStudyPatients(db, scope).leftJoinLateral(
    (eb) =>
      eb
        .selectFrom('instrument as i')
        .leftJoin('visit as v', 'v.id', 'i.visit_id')
        .select(['i.id', 'i.definition_id', 'i.fields', 'i.state'])
        .whereRef('i.study_patient_id', '=', 'sp.id')
        .where('i.is_deleted', '=', false)
        .where((w) => (parts.instrumentIds.length > 0 ? w('i.definition_id', 'in', parts.instrumentIds) : w.lit(false)))
        .where((w) => w.or([w('i.visit_id', 'is', null), w('v.is_deleted', '=', false)]))
        .orderBy('v.sort_order')
        .orderBy('i.sort_order')
        .limit(1)
        .as('c'),
    (join) => join.onTrue(),
  );
}

function consentRows(
  db: Kysely<DB>,
  scope: ExportScope,
  parts: ConsentParts,
  filter: (query: ReturnType<typeof withConsents>) => ReturnType<typeof withConsents>,
) {
  const today = registryToday(scope.startedAt);
  const base = () => filter(withConsents(db, scope, parts));
  return {
    count: () => countRows(base()),
    stream: () =>
      base()
        .select(['p.pseudonym', 'inst.identifier', 'inst.display_name', 'sp.study_definition_id', 'sp.definition_version'])
        .select([
          'c.id as consents_id',
          'c.definition_id as consents_definition_id',
          'c.fields as consents_fields',
          'c.state as consents_state',
        ])
        .orderBy('p.pseudonym')
        .orderBy('sp.id')
        .stream(STREAM_CHUNK),
    summary: async (r: {
      study_definition_id: string;
      definition_version: number;
      consents_id: string | null;
      consents_definition_id: string | null;
      consents_fields: DataFieldInstance[] | null;
      consents_state: 'new' | 'missing_data' | 'complete' | null;
    }) => {
      const index = await definitionIndex(db, r.study_definition_id, r.definition_version);
      const instrument =
        r.consents_id !== null && r.consents_definition_id !== null && r.consents_fields !== null && r.consents_state !== null
          ? { id: r.consents_id, definitionId: r.consents_definition_id, fields: r.consents_fields, state: r.consents_state }
          : undefined;
      return consentSummary(instrument, index, today);
    },
  };
}

export const digiNetConsentsSource: TableSource = async ({ db, scope }) => {
  const rows = consentRows(db, scope, consentParts(await studyDefinitions(db, scope.studyId)), (q) => q);
  return [
    streamedTable({
      name: 'consents',
      columns: [
        ...PATIENT_LOCATION_COLUMNS,
        ...CONSENT_COLUMNS,
        { key: 'publication_allowed', label: 'Publikation und Forschung erlaubt', type: 'boolean' },
      ],
      count: rows.count,
      stream: rows.stream,
      row: async (r) => {
        const summary = await rows.summary(r);
        return {
          patient_id: r.pseudonym,
          location: r.identifier,
          location_name: r.display_name,
          ...consentCells(summary),
          publication_allowed: consentAllowsPublication(summary),
        };
      },
    }),
  ];
};

/** Consent 4 fully given as stored by the save, on a complete instrument, and no withdrawal up to today. */
function allowsPublication(parts: ConsentParts, today: string) {
  return (eb: ExpressionBuilder<DB & { c: { fields: unknown; state: string } }, 'c'>) => {
    const given = parts.givenIds.map((id) => hasValue(sql.ref('c.fields'), id, YES));
    const withdrawn = parts.withdrawalIds.map((id) => hasValueUpTo(sql.ref('c.fields'), id, today));
    return eb.and([
      eb('c.state', '=', 'complete'),
      given.length > 0 ? eb.or(given) : eb.lit(false),
      eb.not(withdrawn.length > 0 ? eb.or(withdrawn) : eb.lit(false)),
    ]);
  };
}

export const publicationSource: TableSource = async ({ db, scope }) => {
  const parts = consentParts(await studyDefinitions(db, scope.studyId));
  const rows = consentRows(db, scope, parts, (q) => q.where(allowsPublication(parts, registryToday(scope.startedAt))));
  return [
    streamedTable({
      name: 'publication',
      columns: [...PATIENT_LOCATION_COLUMNS, ...CONSENT_COLUMNS],
      count: rows.count,
      stream: rows.stream,
      row: async (r) => ({
        patient_id: r.pseudonym,
        location: r.identifier,
        location_name: r.display_name,
        ...consentCells(await rows.summary(r)),
      }),
    }),
  ];
};

/**
 * The tables of the study export (csv-export and sas-export, ecrf-calls.md §7): `patients`, `visits`, one
 * table per instrument definition (named by its identifier; empty when nobody documented it) and one per
 * list of a form (form-columns.ts). Rows hold the patient's pseudonym and location and the ids that link
 * visits, instruments and list entries. Every table leaves out deleted patients, visits and instruments.
 */
import { VITAL_STATUS_FIELD_IDENTIFIERS, visitExecutionDate } from '@ecrf/rules';
import { sql } from 'kysely';
import { definitionIndex, fieldDefinitionIds } from '../../patient-documentation/definition-cache.js';
import { DROPOUT_STATE } from '../../patient-documentation/patient-list-flags.js';
import type { ExportSourceContext, ExportTable } from '../../export-content/export-content.js';
import {
  countRows,
  scopedStudyPatients,
  STREAM_CHUNK,
  streamedTable,
  studyDefinitions,
  textOf,
  type ExportDefinition,
} from './export-scope.sql.js';
import { hasValue } from './field-paths.sql.js';
import { formPlan, listIdsOf, type FormPlan } from './form-columns.js';
import { cells, instrumentDefinitionsOf, instrumentTables, listTable, named, type OwnerSource } from './instrument-tables.js';
import { sasNamer } from './sas-names.js';
import { column, IS_DIGINET_COLUMN, LOCATION_NAME_COLUMN, PATIENT_COLUMNS } from './export-columns.js';

function patientTables(
  context: ExportSourceContext,
  definitions: readonly ExportDefinition[],
  tableName: (raw: string) => string,
): ExportTable[] {
  const { db, scope } = context;
  const plans = definitions.map((d) => formPlan(d, d.index.study.patient.fields));
  const listIds = new Set(plans.flatMap((p) => [...listIdsOf(p)]));
  const fixed = [
    ...PATIENT_COLUMNS,
    LOCATION_NAME_COLUMN,
    IS_DIGINET_COLUMN,
    column('registration_date', 'Registrierungsdatum', 'date'),
    column('registered_at', 'Im Register angelegt am', 'datetime'),
    column('is_ml_patient', 'ML-Patient', 'boolean'),
    column('portal_registered_at', 'Im Portal registriert am', 'datetime'),
    column('definition', 'Studiendefinition'),
    column('definition_version', 'Version der Studiendefinition', 'number'),
    column('visit_count', 'Anzahl der Visiten', 'number'),
    column('dropout', 'Ausgeschieden (Meldestatus A)', 'boolean'),
  ];
  const columns = named(
    fixed,
    plans.flatMap((p) => p.columns),
  );
  const vitalStateIds = definitions.flatMap((d) => fieldDefinitionIds(d.index, VITAL_STATUS_FIELD_IDENTIFIERS.vitalState));
  const base = () => scopedStudyPatients(db, scope).innerJoin('study_definition as sd', 'sd.id', 'sp.study_definition_id');
  const owners: OwnerSource = {
    idColumn: column('study_patient_id', 'Studienpatienten-ID'),
    query: () => scopedStudyPatients(db, scope).select(['sp.id', 'p.pseudonym', 'inst.identifier as location', 'sp.fields']).as('o'),
  };
  const table = streamedTable({
    name: tableName('patients'),
    columns: [...fixed, ...columns],
    count: () => countRows(base()),
    stream: () =>
      base()
        .select(['p.pseudonym', 'inst.identifier as location', 'inst.display_name', 'inst.additional_info', 'p.registration_date'])
        .select(['sp.created_at', 'p.is_ml_patient', 'sp.portal_registered_at', 'sd.identifier as definition', 'sp.definition_version'])
        .select('sp.fields')
        .select((eb) =>
          eb
            .selectFrom('visit as v')
            .select(sql<string>`count(*)`.as('n'))
            .whereRef('v.study_patient_id', '=', 'sp.id')
            .where('v.is_deleted', '=', false)
            .as('visit_count'),
        )
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('instrument as vs')
                .select('vs.id')
                .whereRef('vs.study_patient_id', '=', 'sp.id')
                .where('vs.is_deleted', '=', false)
                .where((w) => w.or(vitalStateIds.map((id) => hasValue(sql.ref('vs.fields'), id, DROPOUT_STATE)))),
            )
            .as('dropout'),
        )
        .orderBy('p.pseudonym')
        .orderBy('sp.id')
        .stream(STREAM_CHUNK),
    row: (r) => ({
      patient_id: r.pseudonym,
      location: r.location,
      location_name: r.display_name,
      is_diginet: r.additional_info.isDigiNet === true,
      registration_date: r.registration_date,
      registered_at: r.created_at,
      is_ml_patient: r.is_ml_patient,
      portal_registered_at: r.portal_registered_at,
      definition: r.definition,
      definition_version: r.definition_version,
      visit_count: Number(r.visit_count),
      dropout: r.dropout,
      ...cells(columns, r.fields, listIds),
    }),
  });
  const lists = plans.flatMap((p) => p.lists).map((l) => listTable(db, tableName(`patients_${l.path}`), l, owners, listIds));
  return [table, ...lists];
}

/** Visit fields are named `<visit>_<field>` unless the field's identifier already names the visit. */
function visitPlan(definition: ExportDefinition): FormPlan {
  const plans = definition.index.study.visits.map((visit) => {
    const plan = formPlan(definition, visit.fields);
    const prefixed = (key: string) => (key.startsWith(`${visit.identifier}_`) ? key : `${visit.identifier}_${key}`);
    const label = textOf(definition, visit.displayKey);
    return {
      columns: plan.columns.map((c) => ({ ...c, key: prefixed(c.key), label: `${label}: ${c.label}` })),
      lists: plan.lists.map((l) => ({ ...l, path: prefixed(l.path), label: `${label}: ${l.label}` })),
    };
  });
  return { columns: plans.flatMap((p) => p.columns), lists: plans.flatMap((p) => p.lists) };
}

function visitTables(
  context: ExportSourceContext,
  definitions: readonly ExportDefinition[],
  tableName: (raw: string) => string,
): ExportTable[] {
  const { db, scope } = context;
  const plans = definitions.map(visitPlan);
  const listIds = new Set(plans.flatMap((p) => [...listIdsOf(p)]));
  const fixed = [
    ...PATIENT_COLUMNS,
    column('visit_id', 'Visiten-ID'),
    column('visit', 'Visite'),
    column('visit_no', 'Reihenfolge', 'number'),
    column('visit_date', 'Visitendatum', 'date'),
    column('execution_date', 'Durchführungsdatum', 'date'),
    column('state', 'Status'),
    column('is_signed', 'Unterschrieben', 'boolean'),
    column('signed_at', 'Unterschrieben am', 'datetime'),
    column('signed_by', 'Unterschrieben von'),
    column('locked', 'Gesperrt', 'boolean'),
    column('assigned_location', 'Zugewiesenes Institut'),
    column('changed_at', 'Zuletzt geändert', 'datetime'),
  ];
  const columns = named(
    fixed,
    plans.flatMap((p) => p.columns),
  );
  const base = () =>
    scopedStudyPatients(db, scope)
      .innerJoin('visit as v', 'v.study_patient_id', 'sp.id')
      .leftJoin('institute as assigned', 'assigned.id', 'v.assigned_institute_id')
      .where('v.is_deleted', '=', false);
  const owners: OwnerSource = {
    idColumn: column('visit_id', 'Visiten-ID'),
    query: () => base().select(['v.id', 'p.pseudonym', 'inst.identifier as location', 'v.fields']).as('o'),
  };
  const table = streamedTable({
    name: tableName('visits'),
    columns: [...fixed, ...columns],
    count: () => countRows(base()),
    stream: () =>
      base()
        .select(['p.pseudonym', 'inst.identifier as location', 'v.id', 'v.definition_id', 'v.sort_order', 'v.visit_date', 'v.state'])
        .select(['v.is_signed', 'v.signature_data', 'v.locked', 'assigned.identifier as assigned_location', 'v.changed_at', 'v.fields'])
        .select(['sp.study_definition_id', 'sp.definition_version'])
        .orderBy('p.pseudonym')
        .orderBy('v.sort_order')
        .orderBy('v.id')
        .stream(STREAM_CHUNK),
    row: async (r) => {
      const index = await definitionIndex(db, r.study_definition_id, r.definition_version);
      const visit = { id: r.id, definitionId: r.definition_id, fields: r.fields, instruments: [], visitDate: r.visit_date };
      return {
        patient_id: r.pseudonym,
        location: r.location,
        visit_id: r.id,
        visit: index.visitById.get(r.definition_id)?.identifier ?? null,
        visit_no: r.sort_order,
        visit_date: r.visit_date,
        execution_date: visitExecutionDate(visit, index),
        state: r.state,
        is_signed: r.is_signed,
        signed_at: r.is_signed && r.signature_data ? new Date(r.signature_data.signedAt) : null,
        signed_by: r.is_signed && r.signature_data ? r.signature_data.userName : null,
        locked: r.locked,
        assigned_location: r.assigned_location,
        changed_at: r.changed_at,
        ...cells(columns, r.fields, listIds),
      };
    },
  });
  const lists = plans.flatMap((p) => p.lists).map((l) => listTable(db, tableName(`visits_${l.path}`), l, owners, listIds));
  return [table, ...lists];
}

/** The tables of the study export: patients, visits, then each instrument, each followed by its lists, in definition order. */
export async function studyTables(context: ExportSourceContext): Promise<ExportTable[]> {
  const definitions = await studyDefinitions(context.db, context.scope.studyId);
  const tableName = sasNamer();
  return [
    ...patientTables(context, definitions, tableName),
    ...visitTables(context, definitions, tableName),
    ...definitions.flatMap((d) => instrumentDefinitionsOf(d).flatMap((instrument) => instrumentTables(context, d, instrument, tableName))),
  ];
}

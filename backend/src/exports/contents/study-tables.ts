/**
 * The tables of the study export (csv-export and sas-export, ecrf-calls.md §7): `patients`, `visits`, one
 * table per instrument definition (named by its identifier; empty when nobody documented it) and one per
 * list of a form (form-columns.ts). Rows hold the patient's pseudonym and location and the ids that link
 * visits, instruments and list entries. Every table leaves out deleted patients, visits and instruments.
 */
import { visitExecutionDate, type DataFieldInstance, type InstrumentDefinition } from '@ecrf/rules';
import { sql, type AliasedSelectQueryBuilder, type Kysely } from 'kysely';
import type { DB } from '../../__generated__/database.js';
import { definitionIndex } from '../../study-patients/definition-cache.js';
import type { ExportColumn, ExportRow, ExportScope, ExportSourceContext, ExportTable } from '../export-content.js';
import {
  countRows,
  scopedStudyPatients,
  STREAM_CHUNK,
  streamedTable,
  studyDefinitions,
  textOf,
  type ExportDefinition,
} from './export-scope.sql.js';
import { listEntryCount } from './field-paths.sql.js';
import {
  formPlan,
  instancesByDefinition,
  listIdsOf,
  listInstances,
  type FieldColumn,
  type FormPlan,
  type ListPlan,
} from './form-columns.js';
import { sasNamer } from './sas-names.js';

/** The columns every documentation table starts with. */
const PATIENT_COLUMNS: readonly ExportColumn[] = [
  { key: 'patient_id', label: 'Patienten-ID (Pseudonym)', type: 'string' },
  { key: 'location', label: 'Standort (Institutskennung)', type: 'string' },
];

const column = (key: string, label: string, type: ExportColumn['type'] = 'string'): ExportColumn => ({ key, label, type });

/** Names the plan's columns with SAS names unique in a table that already has `fixed` columns. */
function named(fixed: readonly ExportColumn[], plans: readonly FieldColumn[]): FieldColumn[] {
  const name = sasNamer();
  fixed.forEach((c) => name(c.key));
  return plans.map((c) => ({ ...c, key: name(c.key) }));
}

function cells(
  columns: readonly FieldColumn[],
  fields: readonly DataFieldInstance[],
  listIds: ReadonlySet<string>,
): Record<string, ExportRow[string]> {
  const instances = instancesByDefinition(fields, listIds);
  return Object.fromEntries(columns.map((c) => [c.key, c.cell(instances.get(c.definitionId))]));
}

type Owner = { id: string; pseudonym: string; location: string; fields: DataFieldInstance[] };

/** The records a form is stored in (study patients, visits or instruments), as `o` with the form's fields. */
type OwnerSource = { idColumn: ExportColumn; query: () => AliasedSelectQueryBuilder<Owner, 'o'> };

function instrumentOwners(db: Kysely<DB>, scope: ExportScope, definitionId: string) {
  return scopedStudyPatients(db, scope)
    .innerJoin('instrument as i', 'i.study_patient_id', 'sp.id')
    .leftJoin('visit as v', 'v.id', 'i.visit_id')
    .where('i.is_deleted', '=', false)
    .where('i.definition_id', '=', definitionId)
    .where((eb) => eb.or([eb('i.visit_id', 'is', null), eb('v.is_deleted', '=', false)]));
}

/** One row per entry of a list, linked to the record holding the list. */
function listTable(db: Kysely<DB>, name: string, plan: ListPlan, owners: OwnerSource, listIds: ReadonlySet<string>): ExportTable {
  const fixed = [...PATIENT_COLUMNS, owners.idColumn, column('entry_no', 'Nummer des Eintrags', 'number')];
  const typed = plan.entryTypes.size > 1 ? [...fixed, column('entry_type', 'Art des Eintrags')] : fixed;
  const columns = named(typed, plan.columns);
  return {
    name,
    columns: [...typed, ...columns],
    count: async () => {
      const row = await db
        .selectFrom(owners.query())
        .select(sql<string>`coalesce(sum(${listEntryCount(sql.ref('o.fields'), plan.definition.id)}), 0)`.as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    rows: async function* () {
      const stream = db.selectFrom(owners.query()).selectAll().orderBy('o.pseudonym').orderBy('o.id').stream(STREAM_CHUNK);
      for await (const owner of stream) {
        for (const list of listInstances(owner.fields, plan.definition.id)) {
          const entries = list.childFields.filter((e) => e.isDeleted !== true).sort((a, b) => a.order - b.order);
          for (const [position, entry] of entries.entries()) {
            yield {
              patient_id: owner.pseudonym,
              location: owner.location,
              [owners.idColumn.key]: owner.id,
              entry_no: position + 1,
              ...(plan.entryTypes.size > 1 ? { entry_type: plan.entryTypes.get(entry.definitionId) ?? null } : {}),
              ...cells(columns, entry.childFields, listIds),
            };
          }
        }
      }
    },
  };
}

/** The table of an instrument definition and the tables of its lists. */
export function instrumentTables(
  context: ExportSourceContext,
  definition: ExportDefinition,
  instrument: InstrumentDefinition,
  tableName: (raw: string) => string,
): ExportTable[] {
  const { db, scope } = context;
  const plan: FormPlan = formPlan(definition, instrument.fields);
  const listIds = listIdsOf(plan);
  const fixed = [
    ...PATIENT_COLUMNS,
    column('visit', 'Visite'),
    column('visit_id', 'Visiten-ID'),
    column('instrument_id', 'Instrument-ID'),
    column('state', 'Status'),
    column('changed_at', 'Zuletzt geändert', 'datetime'),
  ];
  const columns = named(fixed, plan.columns);
  const owners = () => instrumentOwners(db, scope, instrument.id);
  const visitIdentifier = (visitDefinitionId: string | null) =>
    visitDefinitionId === null ? null : (definition.index.visitById.get(visitDefinitionId)?.identifier ?? null);
  const table = streamedTable({
    name: tableName(instrument.identifier),
    columns: [...fixed, ...columns],
    count: () => countRows(owners()),
    stream: () =>
      owners()
        .select(['p.pseudonym', 'inst.identifier as location', 'v.definition_id as visit_definition_id', 'i.visit_id', 'i.id', 'i.state'])
        .select(['i.changed_at', 'i.fields'])
        .orderBy('p.pseudonym')
        .orderBy('v.sort_order')
        .orderBy('i.sort_order')
        .orderBy('i.id')
        .stream(STREAM_CHUNK),
    row: (r) => ({
      patient_id: r.pseudonym,
      location: r.location,
      visit: visitIdentifier(r.visit_definition_id),
      visit_id: r.visit_id,
      instrument_id: r.id,
      state: r.state,
      changed_at: r.changed_at,
      ...cells(columns, r.fields, listIds),
    }),
  });
  const source: OwnerSource = {
    idColumn: column('instrument_id', 'Instrument-ID'),
    query: () => owners().select(['i.id', 'p.pseudonym', 'inst.identifier as location', 'i.fields']).as('o'),
  };
  return [table, ...plan.lists.map((list) => listTable(db, tableName(`${instrument.identifier}_${list.path}`), list, source, listIds))];
}

/** Every instrument definition of a definition once (shared instruments are listed by several visits). */
export function instrumentDefinitionsOf(definition: ExportDefinition): InstrumentDefinition[] {
  return [...definition.index.instrumentById.values()];
}

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
    column('location_name', 'Standort'),
    column('is_diginet', 'DigiNet-Standort', 'boolean'),
    column('registration_date', 'Registrierungsdatum', 'date'),
    column('registered_at', 'Im Register angelegt am', 'datetime'),
    column('is_ml_patient', 'ML-Patient', 'boolean'),
    column('portal_registered_at', 'Im Portal registriert am', 'datetime'),
    column('definition', 'Studiendefinition'),
    column('definition_version', 'Version der Studiendefinition', 'number'),
  ];
  const columns = named(
    fixed,
    plans.flatMap((p) => p.columns),
  );
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

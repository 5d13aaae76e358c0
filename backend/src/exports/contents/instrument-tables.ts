/**
 * The tables of one instrument definition (study export, conditions, questionnaires; ecrf-calls.md §7): one row
 * per instrument (not deleted, standalone or in a visit not deleted) with its fields as columns, and one table
 * per list of the instrument (form-columns.ts). The list tables serve the patient and visit forms too.
 */
import type { DataFieldInstance, InstrumentDefinition } from '@ecrf/rules';
import { sql, type AliasedSelectQueryBuilder, type Kysely } from 'kysely';
import type { DB } from '../../__generated__/database.js';
import type { ExportColumn, ExportRow, ExportScope, ExportSourceContext, ExportTable } from '../../export-content/export-content.js';
import { column, PATIENT_COLUMNS } from './export-columns.js';
import { countRows, scopedStudyPatients, STREAM_CHUNK, streamedTable, type ExportDefinition } from './export-scope.sql.js';
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

/** Names the plan's columns with SAS names unique in a table that already has `fixed` columns. */
export function named(fixed: readonly ExportColumn[], plans: readonly FieldColumn[]): FieldColumn[] {
  const name = sasNamer();
  fixed.forEach((c) => name(c.key));
  return plans.map((c) => ({ ...c, key: name(c.key) }));
}

export function cells(
  columns: readonly FieldColumn[],
  fields: readonly DataFieldInstance[],
  listIds: ReadonlySet<string>,
): Record<string, ExportRow[string]> {
  const instances = instancesByDefinition(fields, listIds);
  return Object.fromEntries(columns.map((c) => [c.key, c.cell(instances.get(c.definitionId))]));
}

type Owner = { id: string; pseudonym: string; location: string; fields: DataFieldInstance[] };

/** The records a form is stored in (study patients, visits or instruments), as `o` with the form's fields. */
export type OwnerSource = { idColumn: ExportColumn; query: () => AliasedSelectQueryBuilder<Owner, 'o'> };

function instrumentOwners(db: Kysely<DB>, scope: ExportScope, definitionId: string) {
  return scopedStudyPatients(db, scope)
    .innerJoin('instrument as i', 'i.study_patient_id', 'sp.id')
    .leftJoin('visit as v', 'v.id', 'i.visit_id')
    .where('i.is_deleted', '=', false)
    .where('i.definition_id', '=', definitionId)
    .where((eb) => eb.or([eb('i.visit_id', 'is', null), eb('v.is_deleted', '=', false)]));
}

/** One row per entry of a list, linked to the record holding the list. */
export function listTable(db: Kysely<DB>, name: string, plan: ListPlan, owners: OwnerSource, listIds: ReadonlySet<string>): ExportTable {
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

/**
 * The changes export (ecrf-calls.md §7 "changes-export"): the audit trail of the study's patients, visits and
 * instruments between `fromDate` and `toDate` (a day as `toDate` is included). One row per changed item of an
 * audit entry: each field instance of a documentation save (its identifier path, label, old and new values),
 * each field with a value of a created form, and each other changed property (state, signature, deletion…;
 * the ids of the record's patient, visit and definition are columns, not changes).
 * Changes of deleted visits and instruments are kept (the deletion is a change); deleted patients are left out.
 */
import { exportPeriod, type DataFieldDefinition, type DefinitionIndex } from '@ecrf/rules';
import { sql } from 'kysely';
import { definitionIndex } from '../../patient-documentation/definition-cache.js';
import type { ExportColumn, TableSource } from '../../export-content/export-content.js';
import { countRows, scopedStudyPatients, STREAM_CHUNK, streamedTable, studyDefinitions, textOf } from './export-scope.sql.js';
import { PATIENT_COLUMNS } from './export-columns.js';

const COLUMNS: readonly ExportColumn[] = [
  { key: 'changed_at', label: 'Zeitpunkt', type: 'datetime' },
  { key: 'user_name', label: 'Benutzer', type: 'string' },
  { key: 'operation', label: 'Vorgang', type: 'string' },
  { key: 'event', label: 'Ereignis', type: 'string' },
  ...PATIENT_COLUMNS,
  { key: 'record_type', label: 'Datensatz', type: 'string' },
  { key: 'record_id', label: 'Datensatz-ID', type: 'string' },
  { key: 'visit', label: 'Visite', type: 'string' },
  { key: 'instrument', label: 'Instrument', type: 'string' },
  { key: 'field', label: 'Feld', type: 'string' },
  { key: 'field_label', label: 'Feldbezeichnung', type: 'string' },
  { key: 'old_value', label: 'Alter Wert', type: 'string' },
  { key: 'new_value', label: 'Neuer Wert', type: 'string' },
  { key: 'reason', label: 'Änderungsgrund', type: 'string' },
];

const RECORD_TYPES: Readonly<Record<string, string>> = { study_patient: 'Studienpatient', visit: 'Visite', instrument: 'Instrument' };

type ChangeItem = {
  audit_id: string;
  occurred_at: Date;
  user_name: string;
  operation: string;
  event: string | null;
  reason: string | null;
  table_name: string;
  record_id: string;
  pseudonym: string;
  location: string;
  study_definition_id: string;
  definition_version: number;
  visit_definition_id: string | null;
  instrument_definition_id: string | null;
  item: string;
  is_field: boolean;
  old_value: unknown;
  new_value: unknown;
};

const OBJECT_KEYS = (value: string) =>
  sql.raw(`jsonb_object_keys(CASE WHEN jsonb_typeof(${value}) = 'object' THEN ${value} ELSE '{}' END)`);
const INSTANCES_WITH_VALUES = 'strict $.** ? (@.type() == "object" && exists(@.definitionId) && @.values.size() > 0)';

/** A field's identifier path (`tnm.t`) from its definition and its parents'. */
function fieldPath(index: DefinitionIndex, field: DataFieldDefinition): string {
  const parent = field.parentFieldDefinitionId ? index.fieldById.get(field.parentFieldDefinitionId) : undefined;
  return parent ? `${fieldPath(index, parent)}.${field.identifier}` : field.identifier;
}

function valueText(value: unknown, isField: boolean): string | null {
  if (value === null || value === undefined) return null;
  if (isField && typeof value === 'object' && 'values' in value && Array.isArray(value.values)) {
    const values = value.values.map((v: { value?: unknown }) => (typeof v.value === 'string' ? v.value : JSON.stringify(v)));
    return ('isDeleted' in value && value.isDeleted === true ? ['(gelöscht)', ...values] : values).join('|');
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export const changesSource: TableSource = async ({ db, scope }) => {
  const period = exportPeriod(scope.parameters, scope.startedAt);
  const definitions = await studyDefinitions(db, scope.studyId);
  const patients = scopedStudyPatients(db, scope).select([
    'sp.id',
    'p.pseudonym',
    'inst.identifier as location',
    'sp.study_definition_id',
    'sp.definition_version',
  ]);
  const items = sql<ChangeItem>`(
    WITH patients AS (${patients}),
    records AS (
      SELECT 'study_patient' AS table_name, sp.id::text AS record_id, sp.id AS study_patient_id,
             NULL::uuid AS visit_definition_id, NULL::uuid AS instrument_definition_id
        FROM patients sp
      UNION ALL
      SELECT 'visit', v.id::text, v.study_patient_id, v.definition_id, NULL::uuid
        FROM visit v JOIN patients sp ON sp.id = v.study_patient_id
      UNION ALL
      SELECT 'instrument', i.id::text, i.study_patient_id, v.definition_id, i.definition_id
        FROM instrument i JOIN patients sp ON sp.id = i.study_patient_id LEFT JOIN visit v ON v.id = i.visit_id
    )
    SELECT a.id::text AS audit_id, a.occurred_at, a.user_name, a.operation, a.event, a.reason, a.table_name, a.record_id,
           sp.pseudonym, sp.location, sp.study_definition_id, sp.definition_version,
           r.visit_definition_id, r.instrument_definition_id, item.item, item.is_field, item.old_value, item.new_value
      FROM audit_trail a
      JOIN records r ON r.table_name = a.table_name AND r.record_id = a.record_id
      JOIN patients sp ON sp.id = r.study_patient_id
      CROSS JOIN LATERAL (
        -- One row per changed key (migration 0100); a field instance is a key of its own, \`fields.<id>\`
        -- (patient-documentation/documentation-audit.ts). A created form's fields count when they hold a value.
        SELECT CASE WHEN f.field LIKE 'fields.%' THEN substr(f.field, 8) ELSE f.field END AS item,
               f.field LIKE 'fields.%' AS is_field, f.old_value, f.new_value
          FROM audit_field_change f
         WHERE f.audit_id = a.id
           AND f.field NOT IN ('version', 'fields', 'studyPatientId', 'visitId', 'definitionId')
           AND NOT (f.field LIKE 'fields.%' AND f.old_value IS NULL AND jsonb_array_length(COALESCE(f.new_value -> 'values', '[]')) = 0)
        UNION ALL
        -- Rows written before fields were keys of their own: a save's \`fields\` map, a creation's \`fields\` tree.
        SELECT f, true, a.old_value -> 'fields' -> f, a.new_value -> 'fields' -> f
          FROM (SELECT ${OBJECT_KEYS("a.old_value -> 'fields'")} UNION SELECT ${OBJECT_KEYS("a.new_value -> 'fields'")}) AS fields (f)
        UNION ALL
        SELECT created ->> 'id', true, NULL, created
          FROM jsonb_path_query(
                 CASE WHEN jsonb_typeof(a.new_value -> 'fields') = 'array' THEN a.new_value -> 'fields' ELSE '[]' END,
                 ${INSTANCES_WITH_VALUES}::jsonpath
               ) AS created
      ) AS item
     WHERE a.occurred_at < ${period.to} ${period.from === null ? sql`` : sql`AND a.occurred_at >= ${period.from}`}
  )`;
  const base = () => db.selectFrom(items.as('c'));
  const labelOf = (definitionId: string, displayKey: string) => {
    const definition = definitions.find((d) => d.id === definitionId);
    return definition ? textOf(definition, displayKey) : displayKey;
  };
  return [
    streamedTable({
      name: 'changes',
      columns: COLUMNS,
      count: () => countRows(base().selectAll()),
      stream: () =>
        base().selectAll().orderBy('c.occurred_at').orderBy('c.audit_id').orderBy('c.is_field').orderBy('c.item').stream(STREAM_CHUNK),
      row: async (r) => {
        const index = await definitionIndex(db, r.study_definition_id, r.definition_version);
        const definitionId = [r.new_value, r.old_value].map((v) =>
          r.is_field && typeof v === 'object' && v !== null && 'definitionId' in v ? String(v.definitionId) : null,
        );
        const field = index.fieldById.get(definitionId[0] ?? definitionId[1] ?? '');
        const visit = r.visit_definition_id ? index.visitById.get(r.visit_definition_id) : undefined;
        const instrument = r.instrument_definition_id ? index.instrumentById.get(r.instrument_definition_id) : undefined;
        return {
          changed_at: r.occurred_at,
          user_name: r.user_name,
          operation: r.operation,
          event: r.event,
          patient_id: r.pseudonym,
          location: r.location,
          record_type: RECORD_TYPES[r.table_name] ?? r.table_name,
          record_id: r.record_id,
          visit: visit?.identifier ?? null,
          instrument: instrument?.identifier ?? null,
          field: field ? fieldPath(index, field) : r.item,
          field_label: field ? labelOf(r.study_definition_id, field.displayKey) : null,
          old_value: valueText(r.old_value, r.is_field),
          new_value: valueText(r.new_value, r.is_field),
          reason: r.reason,
        };
      },
    }),
  ];
};

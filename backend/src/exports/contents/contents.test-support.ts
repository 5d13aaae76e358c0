/**
 * Helpers of the export content tests: a scope over the demo registry, running a kind's source with every
 * table counted and streamed, and the documentation the tests seed through the API.
 */
import type { Database } from '../../db/database.js';
import type { FieldInput } from '../../patient-documentation/field-instance.schemas.js';
import { fieldDefinitionId, valueField, type DemoRegistry } from '../../test-support/documentation-fixtures.js';
import type { ExportRow, ExportScope, ExportTable, TableSource } from '../../export-content/export-content.js';

export type TableResult = { table: ExportTable; count: number; rows: ExportRow[] };

export function scopeOf(
  registry: DemoRegistry,
  locations: readonly string[] | null,
  parameters: Record<string, unknown> = {},
  startedAt = new Date(),
): ExportScope {
  return {
    studyId: registry.studyId,
    locationIds: locations === null ? null : locations.map(registry.locationOf),
    parameters,
    startedAt,
    startedBy: { id: '00000000-0000-0000-0000-000000000000', userName: 'test' },
  };
}

/** Runs a source: every table's count, then its streamed rows, by table name. */
export async function runSource(source: TableSource, database: Database, scope: ExportScope): Promise<Map<string, TableResult>> {
  const tables = await source({ db: database.db, scope });
  const results = new Map<string, TableResult>();
  for (const table of tables) {
    const count = await table.count();
    const rows: ExportRow[] = [];
    for await (const row of table.rows()) rows.push(row);
    results.set(table.name, { table, count, rows });
  }
  return results;
}

/** The table of a result, failing the test when the source did not produce it. */
export function tableOf(results: Map<string, TableResult>, name: string): TableResult {
  const result = results.get(name);
  if (!result) throw new Error(`no table ${name}; tables: ${[...results.keys()].join(', ')}`);
  return result;
}

export async function pseudonymOf(database: Database, studyPatientId: string): Promise<string> {
  const row = await database.db
    .selectFrom('study_patient as sp')
    .innerJoin('patient as p', 'p.id', 'sp.patient_id')
    .select('p.pseudonym')
    .where('sp.id', '=', studyPatientId)
    .executeTakeFirstOrThrow();
  return row.pseudonym;
}

/** A consents instrument's fields: one 4.1 entry with all four policies answered, withdrawn at a date if given. */
export function consent41(registry: DemoRegistry, answer: 'yes' | 'no', withdrawal: string | null = null): FieldInput[] {
  const c = (path: string) => fieldDefinitionId(registry.index, 'consents', `consent_4_1${path}`);
  return [
    {
      definitionId: c(''),
      childFields: [
        {
          definitionId: c('.consent_entry'),
          childFields: [
            valueField(c('.consent_entry.consent_date'), '2023-02-01'),
            valueField(c('.consent_entry.policy_processing'), answer),
            ...['policy_contact', 'policy_retro_health_insurance', 'policy_health_insurance'].map((p) =>
              valueField(c(`.consent_entry.${p}`), 'yes'),
            ),
            valueField(c('.consent_entry.change_reason'), withdrawal ? 'patientWithdrawal' : 'newVersion'),
            ...(withdrawal ? [valueField(c('.consent_entry.withdrawal_date'), withdrawal)] : []),
          ],
        },
      ],
    },
  ];
}

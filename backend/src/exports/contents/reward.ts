/**
 * The reward export (ecrf-calls.md §7 NngmExport "reward"): per location, the cases documented completely in
 * the period (`fromDate` to `toDate`, else to the job's start) and those that earn the documentation reward
 * (rules' earnsDocumentationReward: complete baseline dated in the period, consent allowing use). The patients
 * are streamed once and counted per location; the rows are the locations in scope.
 */
import {
  completeInPeriod,
  consentAllowsPublication,
  consentSummary,
  earnsDocumentationReward,
  exportPeriod,
  periodDays,
  registryToday,
  visitExecutionDate,
  VISIT_IDENTIFIERS,
} from '@ecrf/rules';
import { definitionIndex } from '../../patient-documentation/definition-cache.js';
import type { ExportColumn, TableSource } from '../../export-content/export-content.js';
import { withConsents, consentParts } from './consents.js';
import { countRows, scopedLocations, STREAM_CHUNK, studyDefinitions } from './export-scope.sql.js';
import { LOCATION_COLUMNS } from './export-columns.js';

const COLUMNS: readonly ExportColumn[] = [
  ...LOCATION_COLUMNS,
  { key: 'period_from', label: 'Zeitraum von', type: 'date' },
  { key: 'period_to', label: 'Zeitraum bis', type: 'date' },
  { key: 'complete_cases', label: 'Vollständig dokumentierte Fälle', type: 'number' },
  { key: 'rewarded_cases', label: 'Vergütungsfähige Fälle', type: 'number' },
];

export const rewardSource: TableSource = async ({ db, scope }) => {
  const definitions = await studyDefinitions(db, scope.studyId);
  const parts = consentParts(definitions);
  const baselineIds = definitions.flatMap((d) => d.index.visitByIdentifier.get(VISIT_IDENTIFIERS.baseline)?.id ?? []);
  const days = periodDays(exportPeriod(scope.parameters, scope.startedAt));
  const today = registryToday(scope.startedAt);
  const locations = () => scopedLocations(db, scope);

  async function casesPerLocation(): Promise<Map<string, { complete: number; rewarded: number }>> {
    const counts = new Map<string, { complete: number; rewarded: number }>();
    const patients = withConsents(db, scope, parts)
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('visit as b')
            .select(['b.id', 'b.definition_id', 'b.fields', 'b.visit_date', 'b.state'])
            .whereRef('b.study_patient_id', '=', 'sp.id')
            .where('b.is_deleted', '=', false)
            .where((w) => (baselineIds.length > 0 ? w('b.definition_id', 'in', baselineIds) : w.lit(false)))
            .orderBy('b.sort_order')
            .limit(1)
            .as('b'),
        (join) => join.onTrue(),
      )
      .select(['sp.study_institute_id', 'sp.study_definition_id', 'sp.definition_version'])
      .select([
        'c.id as consents_id',
        'c.definition_id as consents_definition_id',
        'c.fields as consents_fields',
        'c.state as consents_state',
      ])
      .select([
        'b.id as baseline_id',
        'b.definition_id as baseline_definition_id',
        'b.fields as baseline_fields',
        'b.visit_date',
        'b.state as baseline_state',
      ])
      .stream(STREAM_CHUNK);
    for await (const p of patients) {
      if (p.baseline_id === null || p.baseline_definition_id === null || p.baseline_fields === null) continue;
      const index = await definitionIndex(db, p.study_definition_id, p.definition_version);
      const consents =
        p.consents_id !== null && p.consents_definition_id !== null && p.consents_fields !== null && p.consents_state !== null
          ? { id: p.consents_id, definitionId: p.consents_definition_id, fields: p.consents_fields, state: p.consents_state }
          : undefined;
      const rewardCase = {
        baselineState: p.baseline_state,
        baselineDate: visitExecutionDate(
          {
            id: p.baseline_id,
            definitionId: p.baseline_definition_id,
            fields: p.baseline_fields,
            instruments: [],
            visitDate: p.visit_date,
          },
          index,
        ),
        consentAllowsUse: consentAllowsPublication(consentSummary(consents, index, today)),
      };
      const count = counts.get(p.study_institute_id) ?? { complete: 0, rewarded: 0 };
      counts.set(p.study_institute_id, {
        complete: count.complete + (completeInPeriod(rewardCase, days) ? 1 : 0),
        rewarded: count.rewarded + (earnsDocumentationReward(rewardCase, days) ? 1 : 0),
      });
    }
    return counts;
  }

  return [
    {
      name: 'reward',
      columns: COLUMNS,
      count: () => countRows(locations()),
      rows: async function* () {
        const counts = await casesPerLocation();
        const rows = locations()
          .select(['si.id', 'inst.identifier', 'inst.display_name', 'inst.additional_info'])
          .orderBy('inst.identifier');
        for await (const location of rows.stream(STREAM_CHUNK)) {
          const count = counts.get(location.id) ?? { complete: 0, rewarded: 0 };
          yield {
            location: location.identifier,
            location_name: location.display_name,
            is_diginet: location.additional_info.isDigiNet === true,
            period_from: days.firstDay,
            period_to: days.lastDay,
            complete_cases: count.complete,
            rewarded_cases: count.rewarded,
          };
        }
      },
    },
  ];
};

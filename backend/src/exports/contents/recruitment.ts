/**
 * The recruitment status exports (ecrf-calls.md §7 NngmExport "recruitment-status", "diginet-recruitment-status";
 * §9 "now and a date 7 days earlier"): per location, the patients recruited up to the registry day of
 * `fromDate` and of `previousFromDate`, and the difference. A registry patient is recruited on its registration
 * date; a DigiNet patient on the date of its first follow-up-registry visit (its visit date, else the day the
 * visit was created), the visits the definition marks `followUpRegistry`.
 */
import { recruitmentCutoffs } from '@ecrf/rules';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../__generated__/database.js';
import type { ExportColumn, ExportScope, ExportSourceContext, ExportTable, TableSource } from '../../export-content/export-content.js';
import { countRows, scopedLocations, scopedStudyPatients, STREAM_CHUNK, streamedTable, studyDefinitions } from './export-scope.sql.js';
import { LOCATION_COLUMNS } from './export-columns.js';

type Recruitment = 'registry' | 'diginet';

const registryRecruitment = (db: Kysely<DB>, scope: ExportScope) =>
  scopedStudyPatients(db, scope).select(['sp.study_institute_id', 'p.registration_date as recruited_on']);

async function digiNetRecruitment(db: Kysely<DB>, scope: ExportScope) {
  const followUpIds = (await studyDefinitions(db, scope.studyId)).flatMap((d) =>
    d.index.study.visits.filter((v) => v.definition.isFollowUpRegistry === true).map((v) => v.id),
  );
  return scopedStudyPatients(db, scope)
    .innerJoin('visit as v', 'v.study_patient_id', 'sp.id')
    .where('v.is_deleted', '=', false)
    .where((eb) => (followUpIds.length > 0 ? eb('v.definition_id', 'in', followUpIds) : eb.lit(false)))
    .groupBy(['sp.id', 'sp.study_institute_id'])
    .select('sp.study_institute_id')
    .select(sql<string>`min(coalesce(v.visit_date, to_char(v.created_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD')))`.as('recruited_on'));
}

async function recruitmentTable({ db, scope }: ExportSourceContext, kind: Recruitment): Promise<ExportTable> {
  const { day, previousDay } = recruitmentCutoffs(scope.parameters, scope.startedAt);
  const recruited = kind === 'registry' ? registryRecruitment(db, scope) : await digiNetRecruitment(db, scope);
  const who = kind === 'registry' ? 'Patienten' : 'DigiNet-Patienten';
  const columns: readonly ExportColumn[] = [
    ...LOCATION_COLUMNS,
    { key: 'recruited', label: `${who} rekrutiert bis ${day}`, type: 'number' },
    { key: 'recruited_previous', label: `${who} rekrutiert bis ${previousDay}`, type: 'number' },
    { key: 'difference', label: `Neu rekrutiert nach ${previousDay} bis ${day}`, type: 'number' },
  ];
  return streamedTable({
    name: kind === 'registry' ? 'recruitment_status' : 'diginet_recruitment_status',
    columns,
    count: () => countRows(scopedLocations(db, scope)),
    stream: () =>
      scopedLocations(db, scope)
        .leftJoin(recruited.as('r'), 'r.study_institute_id', 'si.id')
        .groupBy(['si.id', 'inst.identifier', 'inst.display_name', 'inst.additional_info'])
        .select(['inst.identifier', 'inst.display_name', 'inst.additional_info'])
        .select(sql<string>`count(r.recruited_on) FILTER (WHERE r.recruited_on <= ${day})`.as('recruited'))
        .select(sql<string>`count(r.recruited_on) FILTER (WHERE r.recruited_on <= ${previousDay})`.as('recruited_previous'))
        .orderBy('inst.identifier')
        .stream(STREAM_CHUNK),
    row: (r) => ({
      location: r.identifier,
      location_name: r.display_name,
      is_diginet: r.additional_info.isDigiNet === true,
      recruited: Number(r.recruited),
      recruited_previous: Number(r.recruited_previous),
      difference: Number(r.recruited) - Number(r.recruited_previous),
    }),
  });
}

export const recruitmentStatusSource: TableSource = async (context) => [await recruitmentTable(context, 'registry')];
export const digiNetRecruitmentStatusSource: TableSource = async (context) => [await recruitmentTable(context, 'diginet')];

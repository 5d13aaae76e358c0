/**
 * Where a query's record is documented (issue 26): the route of its form (app/routes.tsx), opened at its field. The
 * graph names the record by global ids that load no patient (`DataQuery.target`), so every row of a list can link.
 */

/** The search parameter that opens a form at a field: its DataField id, as the form's documents name it. */
export const FIELD_PARAM = 'field';

export type DataQueryTargetIds = {
  readonly studyPatientId: string;
  readonly visitId?: string | null;
  readonly instrumentId?: string | null;
  readonly dataFieldId?: string | null;
};

/**
 * The address of the query's record: the instrument's form, else the visit (its form for a visit field), else the
 * patient (the master data form for a patient field); with `?field=` for a field. Null without a target.
 */
export function dataQueryHref(target: DataQueryTargetIds | null | undefined): string | null {
  if (!target) return null;
  const id = encodeURIComponent;
  const patient = id(target.studyPatientId);
  const field = target.dataFieldId ? `?${FIELD_PARAM}=${id(target.dataFieldId)}` : '';
  if (target.instrumentId) {
    const visit = target.visitId ? `/visit/${id(target.visitId)}` : '';
    return `/patient/${patient}${visit}/instrument/${id(target.instrumentId)}/edit${field}`;
  }
  if (target.visitId) return `/patient/${patient}/visit/${id(target.visitId)}${field ? `/edit${field}` : ''}`;
  return field ? `/patient/edit/${patient}${field}` : `/patient/${patient}`;
}

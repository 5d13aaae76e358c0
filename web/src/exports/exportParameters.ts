/**
 * The parameters each export kind takes on the start form, and the input of its start mutation. The server fills
 * the spec's defaults (ecrf-calls.md §9) for what is left empty; dates are entered as days (Berlin) and sent as
 * the start of that day.
 */
import { registryDayStart, registryDayEnd } from '@ecrf/rules';
import type { ExportKind } from '../__generated__/ExportsScreenQuery.graphql';

export type ExportParameter = 'fromDate' | 'toDate' | 'previousFromDate' | 'since' | 'exportEmptyTables' | 'asXlsx';

export const KIND_PARAMETERS: Record<ExportKind, readonly ExportParameter[]> = {
  CSV_EXPORT: ['exportEmptyTables', 'asXlsx'],
  SCREENING_EXPORT: ['fromDate'],
  CHANGES_EXPORT: ['fromDate', 'toDate'],
  SAS_EXPORT: [],
  SYNQUEST_CSV_EXPORT: [],
  ODM_EXPORT: [],
  FHIR_EXPORT: ['since'],
  RECRUITMENT_STATUS: ['fromDate', 'previousFromDate'],
  DIGINET_RECRUITMENT_STATUS: ['fromDate', 'previousFromDate'],
  NO_ARCHIVE_CODES: [],
  DIGINET_CONDITIONS: [],
  DIGINET_CONSENTS: [],
  PUBLICATION: [],
  REWARD: ['fromDate', 'toDate'],
  // Generic exports run from their definitions (Konfiguration: Exporte).
  GENERIC_EXPORT: [],
  '%future added value': [],
};

/** What the form holds: days as yyyy-MM-dd ('' = empty; `since` as typed in Tag/Monat/Jahr) and the two flags. */
export type ExportForm = {
  fromDate: string;
  toDate: string;
  previousFromDate: string;
  since: string;
  exportEmptyTables: boolean;
  asXlsx: boolean;
};

export const EMPTY_FORM: ExportForm = {
  fromDate: '',
  toDate: '',
  previousFromDate: '',
  since: '',
  exportEmptyTables: false,
  asXlsx: false,
};

export type FormProblem = { field: ExportParameter; message: 'fromRequired' | 'fromAfterTo' | 'sinceInvalid' };

const WHOLE_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The form's problems for the kind, as the server would answer them. */
export function formProblems(kind: ExportKind, form: ExportForm): FormProblem[] {
  const takes = KIND_PARAMETERS[kind];
  // The FHIR export's since day is typed in three parts: only a whole, real day is sent.
  if (
    takes.includes('since') &&
    form.since !== '' &&
    (!WHOLE_DAY.test(form.since) ||
      Number.isNaN(Date.parse(`${form.since}T00:00:00Z`)) ||
      new Date(`${form.since}T00:00:00Z`).toISOString().slice(0, 10) !== form.since)
  )
    return [{ field: 'since', message: 'sinceInvalid' }];
  if (kind === 'CHANGES_EXPORT' && form.fromDate === '') return [{ field: 'fromDate', message: 'fromRequired' }];
  if (takes.includes('toDate') && form.fromDate !== '' && form.toDate !== '' && form.fromDate > form.toDate)
    return [{ field: 'fromDate', message: 'fromAfterTo' }];
  return [];
}

/**
 * The start mutation's input: the kind's parameters only. A "to" day is included whole (its end); other days
 * start at 00:00 Berlin time.
 */
export function startInput(kind: ExportKind, studyId: string, form: ExportForm): Record<string, unknown> {
  const input: Record<string, unknown> = { studyId };
  for (const parameter of KIND_PARAMETERS[kind]) {
    const value = form[parameter];
    if (typeof value === 'boolean') input[parameter] = value;
    else if (value !== '') input[parameter] = parameter === 'toDate' ? registryDayEnd(value) : registryDayStart(value);
  }
  return input;
}

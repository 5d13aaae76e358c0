/** A kind's parameters as the job stores them: given values, else the spec's defaults (ecrf-calls.md §9). */
import { recruitmentStatusDates, screeningExportDefaultFrom } from '@ecrf/rules';
import { EcrfError } from '../errors/errors.js';
import type { ExportKind } from './export-kinds.js';
import { CONFLICT_MESSAGES } from '../errors/messages.js';
import { completeFhirParameters } from './fhir/fhir-parameters.js';

type Parameters = Record<string, unknown>;

const given = (value: unknown): value is string => typeof value === 'string' && value !== '';

export function completeParameters(kind: ExportKind, body: Parameters, now: Date): Parameters {
  switch (kind) {
    case 'csv-export':
      return { exportEmptyTables: body.exportEmptyTables === true, asXlsx: body.asXlsx === true };
    case 'screening-export':
      return { fromDate: given(body.fromDate) ? body.fromDate : screeningExportDefaultFrom(now) };
    case 'changes-export':
    case 'reward': {
      const toDate = given(body.toDate) ? body.toDate : now.toISOString();
      const fromDate = given(body.fromDate) ? body.fromDate : null;
      if (fromDate && Date.parse(fromDate) > Date.parse(toDate)) {
        throw new EcrfError('ECRF_ERR_VALIDATION', CONFLICT_MESSAGES.periodReversed, {
          fieldErrors: [{ field: 'fromDate', message: 'Das Startdatum darf nicht nach dem Enddatum liegen.' }],
        });
      }
      return { fromDate, toDate };
    }
    case 'recruitment-status':
    case 'diginet-recruitment-status': {
      const fromDate = given(body.fromDate) ? new Date(body.fromDate) : now;
      const defaults = recruitmentStatusDates(fromDate);
      return {
        fromDate: defaults.fromDate,
        previousFromDate: given(body.previousFromDate) ? body.previousFromDate : defaults.previousFromDate,
      };
    }
    case 'diginet-conditions':
      return { instituteId: given(body.instituteId) ? body.instituteId : null };
    case 'fhir-export':
      return completeFhirParameters(body, now);
    case 'generic-export':
      return { definitionId: body.definitionId, asXlsx: body.asXlsx === true };
    default:
      return {};
  }
}

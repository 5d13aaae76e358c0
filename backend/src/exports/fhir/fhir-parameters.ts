/**
 * The FHIR export's parameters as the job stores them (docs/fhir-export.md "Parameters"): `since`, an ISO time
 * (Bulk Data `_since`: only resources whose source changed after it), and `types`, the resource types wanted
 * (Bulk Data `_type`; null: all). A refusal names the field in German.
 */
import { invalidFields } from '../../errors/errors.js';
import { FHIR_RESOURCE_TYPES, isFhirResourceType, type FhirResourceType } from './fhir-resource-types.js';

export type FhirExportOptions = { since: Date | null; types: FhirResourceType[] | null };

export function completeFhirParameters(
  body: Readonly<Record<string, unknown>>,
  now: Date,
): { since: string | null; types: FhirResourceType[] | null } {
  const since = typeof body.since === 'string' && body.since !== '' ? body.since : null;
  if (since !== null && (Number.isNaN(Date.parse(since)) || Date.parse(since) > now.getTime())) {
    throw invalidFields([
      { field: 'since', message: 'Der Zeitpunkt „geändert seit“ muss ein gültiger Zeitpunkt in der Vergangenheit sein.' },
    ]);
  }
  const given = Array.isArray(body.types)
    ? body.types.map(String)
    : typeof body.types === 'string' && body.types !== ''
      ? body.types.split(',')
      : null;
  const unknown = (given ?? []).filter((type) => !isFhirResourceType(type.trim()));
  if (unknown.length > 0) {
    throw invalidFields([
      { field: 'types', message: `Unbekannter Ressourcentyp: ${unknown.join(', ')}. Möglich sind ${FHIR_RESOURCE_TYPES.join(', ')}.` },
    ]);
  }
  const types = given === null || given.length === 0 ? null : FHIR_RESOURCE_TYPES.filter((type) => given.some((g) => g.trim() === type));
  return { since: since === null ? null : new Date(since).toISOString(), types };
}

/** The stored parameters read back. */
export function fhirExportOptions(parameters: Readonly<Record<string, unknown>>): FhirExportOptions {
  const since = typeof parameters.since === 'string' ? new Date(parameters.since) : null;
  const types = Array.isArray(parameters.types)
    ? parameters.types.filter((t): t is FhirResourceType => typeof t === 'string' && isFhirResourceType(t))
    : null;
  return { since, types };
}

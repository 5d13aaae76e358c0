/**
 * The CapabilityStatement at fhir/metadata (issue 28 item 1): what the registry offers over FHIR R4, the Bulk Data
 * export of a study as a Group, with the resource types it writes and its parameters. It describes the server,
 * not its data, and is public as FHIR servers publish theirs.
 */
import { ECRF_VERSION } from '../../system/system.routes.js';
import { FHIR_RESOURCE_TYPES } from './fhir-resource-types.js';

const BULK_DATA = 'http://hl7.org/fhir/uv/bulkdata/CapabilityStatement/bulk-data';

export function capabilityStatement(base: string, now: Date) {
  return {
    resourceType: 'CapabilityStatement' as const,
    status: 'active' as const,
    date: now.toISOString(),
    kind: 'instance' as const,
    software: { name: 'Register-eCRF', version: ECRF_VERSION },
    implementation: { description: 'Pseudonymisierte Registerdaten als FHIR R4 (Bulk Data, NDJSON)', url: base },
    fhirVersion: '4.0.1' as const,
    format: ['application/fhir+json'],
    instantiates: [BULK_DATA],
    rest: [
      {
        mode: 'server',
        documentation: 'Eine Studie ist die Group ihrer Patienten: Group/{Studien-ID}/$export. Anmeldung mit Bearer-Token.',
        security: { service: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'OAuth' }] }] },
        resource: [
          {
            type: 'Group',
            operation: [{ name: 'export', definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/group-export' }],
          },
          ...FHIR_RESOURCE_TYPES.map((type) => ({ type })),
        ],
        operation: [{ name: 'export', definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/group-export' }],
      },
    ],
  };
}

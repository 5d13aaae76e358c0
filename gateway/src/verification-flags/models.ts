/**
 * A verification flag with the patient it belongs to: flags are read from the patient context, and their
 * global ids carry `<studyPatientId>/<flagId>`, so `node` needs only that context.
 */
import type { Operation, SuccessBody } from '../upstream/openapi-types.js';

export type VerificationFlagDto = SuccessBody<Operation<'/api/v1.0/DataVerificationFlag/{id}', 'get'>>;
export type VerificationFlag = { studyPatientId: string; flag: VerificationFlagDto };

/** Models behind the safety types: the backend's answers, typed from its OpenAPI document. */
import type { Operation, SuccessBody } from '../upstream/openapi-types.js';

export type FreeTextReport = SuccessBody<Operation<'/api/v1.0/Safety/study/{studyId}/freetext-report', 'get'>>;
export type FreeTextEntry = FreeTextReport['items'][number];
export type ScreeningReport = SuccessBody<Operation<'/api/v1.0/Safety/screening-report', 'get'>>;
export type ScreeningRow = ScreeningReport['items'][number];
export type ScreeningConfiguration = SuccessBody<Operation<'/api/v1.0/Safety/screening-configuration/study/{studyId}', 'get'>>;

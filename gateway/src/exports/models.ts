/** Models behind the export types: the backend's ExportJob answers, typed from its OpenAPI document. */
import type { Operation, SuccessBody } from '../upstream/openapi-types.js';

export type ExportJob = SuccessBody<Operation<'/api/v1.0/ExportJob', 'get'>>[number];
export type ExportJobPage = SuccessBody<Operation<'/api/v1.0/ExportJob/study/{studyId}', 'get'>>;
export type ExportJobUpdateModel = { eventId: string; exportJob: ExportJob };
export type ExportKindName = ExportJob['kind'];
export type ExportKindAccessModel = { kind: ExportKindName; canStart: boolean; canSeeFiles: boolean; network: boolean };

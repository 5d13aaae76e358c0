/** Models behind the generic export types: the backend's answers, typed from its OpenAPI document. */
import type { Operation, SuccessBody } from '../upstream/openapi-types.js';

/** A generic export definition (GET GenericExport/{id}). */
export type GenericExportDefinition = SuccessBody<Operation<'/api/v1.0/GenericExport/{id}', 'get'>>;
/** What a definition of a study can select. */
export type DataProviderItem = SuccessBody<Operation<'/api/v1.0/GenericExport/study/{studyId}/dataProviderItems', 'get'>>[number];

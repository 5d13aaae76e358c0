/** Models behind the data query types: the backend's answers, typed from its OpenAPI document. */
import type { Operation, SuccessBody } from '../upstream/openapi-types.js';

/** A query with its thread and the caller's `viewerCan` (GET Query/{id}). */
export type DataQuery = SuccessBody<Operation<'/api/v1.0/Query/{id}', 'get'>>;
export type DataQueryTemplate = SuccessBody<Operation<'/api/v1.0/QueryTemplate/my', 'get'>>[number];
export type DataQueryPage = SuccessBody<Operation<'/api/v1.0/Query/overview', 'get'>>;
export type DataQueryActionEntry = DataQuery['thread'][number];
export type DataQueryCapabilities = DataQuery['viewerCan'];
export type DataQueryPermission = DataQueryCapabilities['edit'];

/** Models behind the data query types: the backend's answers, typed from its OpenAPI document. */
import type { Operation, SuccessBody } from '../upstream/openapi-types.js';

/** A query with its thread and the caller's `viewerCan` (GET Query/{id}). */
export type DataQuery = SuccessBody<Operation<'/api/v1.0/Query/{id}', 'get'>>;
export type DataQueryTemplate = SuccessBody<Operation<'/api/v1.0/QueryTemplate/my', 'get'>>[number];
export type DataQueryPage = SuccessBody<Operation<'/api/v1.0/Query/overview', 'get'>>;
/** A thread entry, with its query's id to find the display name of who acted (Query/details). */
export type DataQueryActionEntry = DataQuery['thread'][number] & { dataQueryId: string };
/** A query's field and form by German label and its people by display name (GET Query/details). */
export type DataQueryDetails = SuccessBody<Operation<'/api/v1.0/Query/details', 'get'>>[number];
export type DataQueryCapabilities = DataQuery['viewerCan'];
export type DataQueryPermission = DataQueryCapabilities['edit'];

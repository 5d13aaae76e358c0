/** Models behind the OncoBox types: the backend's answers, typed from its OpenAPI document. */
import type { Operation, SuccessBody } from '../upstream/openapi-types.js';

/** An import with its report (GET Onkozert/imports). */
export type OnkozertImport = SuccessBody<Operation<'/api/v1.0/Onkozert/imports', 'get'>>[number];

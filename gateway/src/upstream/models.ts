/** The backend's answers the graph is built from; their shapes come from the generated OpenAPI types. */
import type { Operation, SuccessBody } from './openapi-types.js';

export type User = SuccessBody<Operation<'/api/v1.0/User/{id}', 'get'>>;
export type Role = User['role'];
export type StudyInstitute = SuccessBody<Operation<'/api/v1.0/StudyInstitute/{id}', 'get'>>;
export type Session = SuccessBody<Operation<'/api/v1.0/Auth', 'post'>>;
/** The signed-in user; the rest of the viewer is loaded on demand. */
export type Viewer = { user: User };

/** The backend's answers behind the administration types of the graph (issue 3), from the OpenAPI types. */
import type { Operation, SuccessBody } from './openapi-types.js';

export type Right = SuccessBody<Operation<'/api/v1.0/Right/{id}', 'get'>>;
export type Institute = SuccessBody<Operation<'/api/v1.0/Institute/{id}', 'get'>>;
export type Organization = SuccessBody<Operation<'/api/v1.0/nms_system_api/allOrganizations', 'get'>>[number];
export type Person = SuccessBody<Operation<'/api/v1.0/nms_system_api/allPersons', 'get'>>[number];
export type OrganizationAssignment = Organization['assignments'][number];
export type AuditEvent = SuccessBody<Operation<'/api/v1.0/AuditLog/Log', 'post'>>[number];
export type InstituteOverviewEntry = SuccessBody<Operation<'/api/v1.0/StudyInstitute/overview', 'get'>>[number];

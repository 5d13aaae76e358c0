/** The study dashboard's figures as the backend answers them (GET Dashboard/study/{studyId}). */
import type { Operation, SuccessBody } from '../upstream/openapi-types.js';

export type Dashboard = SuccessBody<Operation<'/api/v1.0/Dashboard/study/{studyId}', 'get'>>;
export type LocationQueryCount = Dashboard['openQueriesByLocation'][number];
export type LocationCompleteness = Dashboard['documentationCompleteness'][number];

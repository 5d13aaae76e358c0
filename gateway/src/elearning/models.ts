/** Models behind the e-learning types: the backend's answers, typed from its OpenAPI document. */
import type { Operation, SuccessBody } from '../upstream/openapi-types.js';

export type ElearningDefinition = SuccessBody<Operation<'/api/v1.0/ELearningDefinition/studyDefinition/{studyDefinitionId}', 'get'>>;
export type ElearningResult = SuccessBody<Operation<'/api/v1.0/ELearningResult', 'post'>>;

/** Models behind the export types: the backend's ExportJob answers, typed from its OpenAPI document. */
import type { ExportKind as GraphKind } from '../__generated__/resolvers.js';
import type { Operation, SuccessBody } from '../upstream/openapi-types.js';

export type ExportJob = SuccessBody<Operation<'/api/v1.0/ExportJob', 'get'>>[number];
export type ExportJobUpdateModel = { eventId: string; exportJob: ExportJob };
export type ExportKindAccessModel = { kind: GraphKind; canStart: boolean; canSeeFiles: boolean; network: boolean };

/** Models behind the oBDS import types: the backend's answers, typed from its OpenAPI document. */
import type { Operation, SuccessBody } from '../upstream/openapi-types.js';

/** An import with its messages (GET ObdsImport/{id}); the list answers it without messages. */
export type ObdsImportModel = SuccessBody<Operation<'/api/v1.0/ObdsImport/{id}', 'get'>>;

export type ObdsImportSummaryModel = SuccessBody<Operation<'/api/v1.0/ObdsImport', 'get'>>[number];

/** A message with the import it belongs to (its global id carries `<importId>/<messageId>`). */
export type ObdsMessageModel = ObdsImportModel['messages'][number] & { importId: string };

/** Models behind the news document types: the backend's answers, typed from its OpenAPI document. */
import type { Operation, SuccessBody } from '../upstream/openapi-types.js';

/** A document with its versions (GET NewsDocument/{documentId}). */
export type NewsDocument = SuccessBody<Operation<'/api/v1.0/NewsDocument/{documentId}', 'get'>>;

/** One version, with the document it belongs to (for its global id and download link). */
export type NewsDocumentVersion = NewsDocument['content'] & { documentId: string };

export type NewsDocumentKind = NewsDocument['kind'];

/**
 * News documents in the graph (ecrf-calls.md §7 "News documents"): the list as a connection with its filters, a
 * document by identifier, versions with one-minute download links, the viewer's unread news and capabilities, and
 * the metadata, delete, restore and mark-read mutations with typed errors. New documents and new versions are
 * uploaded beside the graph (upload-routes.ts).
 */
import { NEWS_DOCUMENT_MESSAGES } from '@ecrf/rules';
import type {
  MutationResolvers,
  NewsDocumentFilter,
  NewsDocumentKind as GraphKind,
  NewsDocumentResolvers,
  NewsDocumentVersionResolvers,
  QueryResolvers,
  ViewerResolvers,
} from '../__generated__/resolvers.js';
import { fileLink, type GatewayContext } from '../context.js';
import { connectionFromList } from '../graph/connection.js';
import { fromGlobalId, toGlobalId } from '../graph/global-id.js';
import { attemptWithIds, backendId, userErrorsOf, type UserErrorModel } from '../graph/user-errors.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import { viewerRights } from '../viewer/rights.js';
import type { NewsListQuery } from './loaders.js';
import type { NewsDocument, NewsDocumentKind, NewsDocumentVersion } from './models.js';

const TO_BACKEND: Record<GraphKind, NewsDocumentKind> = { NEWS: 'News', DOCUMENT: 'Document', LEGEND: 'Legend' };
const TO_GRAPH: Record<NewsDocumentKind, GraphKind> = { News: 'NEWS', Document: 'DOCUMENT', Legend: 'LEGEND' };

/** The backend's query of a filter (FilterNewsDocuments, FilterByDigiNet, IncludeDeleted of the catalogue). */
export function newsQuery(filter: NewsDocumentFilter | null | undefined): NewsListQuery {
  const query: NewsListQuery = {};
  if (filter?.kind) query.FilterNewsDocuments = TO_BACKEND[filter.kind];
  if (filter?.digiNetOnly) query.FilterByDigiNet = true;
  if (filter?.includeDeleted) query.IncludeDeleted = true;
  return query;
}

const versionOf = (document: NewsDocument, version: NewsDocument['content']): NewsDocumentVersion => ({
  ...version,
  documentId: document.documentId,
});

/** `node(id)` of a document; null when the viewer may not see it. */
export const loadNewsDocumentNode = (id: string, c: GatewayContext): Promise<NewsDocument | null> => c.loaders.newsDocuments.load(id);

/** `node(id)` of a version: `<documentId>/<docVersion>`, from its document. */
export async function loadNewsDocumentVersionNode(id: string, c: GatewayContext): Promise<NewsDocumentVersion | null> {
  const [documentId = '', docVersion] = id.split('/');
  const document = /^[0-9a-f-]{36}$/i.test(documentId) ? await c.loaders.newsDocuments.load(documentId) : null;
  const version = document?.versions.find((v) => String(v.docVersion) === docVersion);
  return document && version ? versionOf(document, version) : null;
}

export const newsDocumentQueries: Pick<QueryResolvers, 'newsDocuments' | 'newsDocumentByIdentifier'> = {
  async newsDocuments(_, { filter, ...paging }, c) {
    return connectionFromList(await c.loaders.newsDocumentLists.load(JSON.stringify(newsQuery(filter))), paging, 100);
  },
  async newsDocumentByIdentifier(_, { identifier }, c) {
    try {
      return await c.backend.call('get', '/api/v1.0/NewsDocument/identifier/{identifier}', { path: { identifier } });
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 404) return null;
      throw error;
    }
  },
};

export const ViewerNews: Pick<ViewerResolvers, 'hasUnreadNews' | 'newsDocumentCapabilities'> = {
  async hasUnreadNews(_, { filter }, c) {
    if (!(await viewerRights(c))('NewsDocumentGetUserHasNewsCmd')) return false;
    const { FilterNewsDocuments, FilterByDigiNet } = newsQuery(filter);
    return (await c.backend.call('get', '/api/v1.0/NewsDocument/userHasNews', { query: { FilterNewsDocuments, FilterByDigiNet } })).hasNews;
  },
  async newsDocumentCapabilities(_, __, c) {
    const may = await viewerRights(c);
    return { create: may('NewsDocumentCreateCmd'), update: may('NewsDocumentUpdateCmd'), delete: may('NewsDocumentDeleteCmd') };
  },
};

export const NewsDocumentType: NewsDocumentResolvers = {
  id: (document) => toGlobalId('NewsDocument', document.documentId),
  kind: (document) => TO_GRAPH[document.kind],
  latestVersion: (document) => versionOf(document, document.content),
  versions: (document) => document.versions.map((version) => versionOf(document, version)),
};

export const NewsDocumentVersionType: NewsDocumentVersionResolvers = {
  id: (version) => toGlobalId('NewsDocumentVersion', `${version.documentId}/${version.docVersion}`),
  async downloadUrl(version, _, c) {
    if (!(await viewerRights(c))('NewsDocumentGetContentCmd')) return null;
    const path = `/api/v1.0/NewsDocument/${encodeURIComponent(version.documentId)}/content/${version.docVersion}?download=true`;
    return fileLink(c, { method: 'GET', path, fileName: version.fileName });
  },
};

const isDocument = (value: unknown): value is NewsDocument => typeof value === 'object' && value !== null && 'documentId' in value;

type Payload = { newsDocument: NewsDocument | null; errors: UserErrorModel[] };

/**
 * Refusals as user errors: a stale version answers the document as stored; a taken identifier is ALREADY_EXISTS;
 * a document deleted or restored meanwhile is STALE_WRITE with the backend's German message.
 */
function refusal(error: unknown): Payload | null {
  if (error instanceof UpstreamError && error.code === 'ECRF_ERR_STALE_WRITE') {
    const current = error.body.current;
    return {
      newsDocument: isDocument(current) ? current : null,
      errors: [{ code: 'STALE_WRITE', message: error.message, field: 'version' }],
    };
  }
  if (error instanceof UpstreamError && error.code === 'ECRF_ERR_CONFLICT') {
    const taken = error.message === NEWS_DOCUMENT_MESSAGES.identifierTaken;
    return {
      newsDocument: null,
      errors: [{ code: taken ? 'ALREADY_EXISTS' : 'STALE_WRITE', message: error.message, field: taken ? 'identifier' : 'version' }],
    };
  }
  const errors = userErrorsOf(error);
  return errors && { newsDocument: null, errors };
}

async function changing(c: GatewayContext, run: () => Promise<NewsDocument>): Promise<Payload> {
  return attemptWithIds(
    c,
    async () => {
      try {
        return { newsDocument: await run(), errors: [] };
      } catch (error) {
        const refused = refusal(error);
        if (!refused) throw error;
        return refused;
      }
    },
    (errors) => ({ newsDocument: null, errors }),
  );
}

const documentId = (globalId: string) => backendId(globalId, 'NewsDocument', 'id');

export const newsDocumentMutations: Pick<
  MutationResolvers,
  'updateNewsDocument' | 'deleteNewsDocument' | 'restoreNewsDocument' | 'markNewsRead'
> = {
  updateNewsDocument: (_, { input }, c) =>
    changing(c, () => {
      const { id, kind, ...metadata } = input;
      return c.backend.call('put', '/api/v1.0/NewsDocument/{documentId}', {
        path: { documentId: documentId(id) },
        body: { ...metadata, kind: TO_BACKEND[kind] },
      });
    }),
  deleteNewsDocument: (_, { input }, c) =>
    changing(c, () =>
      c.backend.call('delete', '/api/v1.0/NewsDocument/{documentId}', {
        path: { documentId: documentId(input.id) },
        query: { version: input.version },
      }),
    ),
  restoreNewsDocument: (_, { input }, c) =>
    changing(c, () =>
      c.backend.call('put', '/api/v1.0/NewsDocument/{documentId}/restore', {
        path: { documentId: documentId(input.id) },
        query: { version: input.version },
      }),
    ),
  async markNewsRead(_, { input }, c) {
    const { FilterNewsDocuments, FilterByDigiNet } = newsQuery(input.filter);
    await c.backend.call('put', '/api/v1.0/NewsDocument/userHasNews', { query: { FilterNewsDocuments, FilterByDigiNet } });
    return { viewer: { user: await c.loaders.currentUser() }, errors: [] };
  },
};

/** The document of an upload route's `documentId` (a NewsDocument global id), or null for another id. */
export const uploadDocumentId = (globalId: unknown): string | null => {
  const decoded = fromGlobalId(String(globalId ?? ''));
  return decoded?.type === 'NewsDocument' ? decoded.id : null;
};

/**
 * Terminology (ecrf-calls.md §7 "Terminology: GET /{collection} and /{collection}/{code}"): the codes of a
 * collection, searched on code and German text (case- and umlaut-insensitive) and paged, and one code.
 * Collections are read-only files (terminology-files.ts), the same for every location.
 */
import { matchesTerminologySearch } from '@ecrf/rules';
import { Type } from 'typebox';
import type { App } from '../app-deps.js';
import { notFound } from '../errors/errors.js';
import { PageQuery, routeSchema } from '../http/schemas.js';
import { TerminologyCode, loadTerminologies, type TerminologyCollection } from './terminology-files.js';

const CollectionParams = Type.Object({ collection: Type.String({ minLength: 1, description: 'collection name, e.g. icd-10-gm' }) });
const CodePage = Type.Object({
  collection: Type.String(),
  name: Type.String(),
  version: Type.Union([Type.String(), Type.Null()]),
  totalCount: Type.Integer({ minimum: 0, description: 'codes matching the search' }),
  items: Type.Array(TerminologyCode),
});
const tags = ['Terminology'];
const DEFAULT_PAGE_SIZE = 50;

export function registerTerminologyRoutes(app: App, collections: ReadonlyMap<string, TerminologyCollection> = loadTerminologies()): void {
  const collectionOf = (name: string): TerminologyCollection => {
    const found = collections.get(name);
    if (!found) throw notFound('terminology collection');
    return found;
  };

  app.get(
    '/Terminology/:collection',
    {
      config: { access: { right: 'TerminologyGetCollectionCmd' } },
      schema: routeSchema({
        operationId: 'getTerminologyCollection',
        tags,
        summary: 'The codes of a collection in file order, searched on code and German text and paged',
        params: CollectionParams,
        querystring: Type.Object({
          search: Type.Optional(Type.String({ maxLength: 200, description: 'words that must all occur in code or text' })),
          page: PageQuery.page,
          itemsPerPage: PageQuery.itemsPerPage,
        }),
        response: { 200: CodePage },
        errors: [404],
      }),
    },
    (request) => {
      const { collection, name, version, codes } = collectionOf(request.params.collection);
      const { search, page = 1, itemsPerPage = DEFAULT_PAGE_SIZE } = request.query;
      const matching = codes.filter((entry) => matchesTerminologySearch(entry, search));
      const start = (page - 1) * itemsPerPage;
      return {
        collection,
        name,
        version: version ?? null,
        totalCount: matching.length,
        items: matching.slice(start, start + itemsPerPage),
      };
    },
  );

  app.get(
    '/Terminology/:collection/:code',
    {
      config: { access: { right: 'TerminologyGetCodeCmd' } },
      schema: routeSchema({
        operationId: 'getTerminologyCode',
        tags,
        summary: 'One code of a collection; codes with a slash (ICD-O-3 8140/3) are sent URL-encoded (8140%2F3)',
        params: Type.Object({ ...CollectionParams.properties, code: Type.String({ minLength: 1 }) }),
        response: { 200: TerminologyCode },
        errors: [404],
      }),
    },
    (request) => {
      const { collection, code } = request.params;
      const entry = collectionOf(collection).byCode.get(code);
      if (!entry) throw notFound('terminology code');
      return entry;
    },
  );
}

/**
 * The metadata form of a news document as the user types it (texts), turned into the metadata the server takes
 * and checked with the rules the server applies (@ecrf/rules newsDocumentFieldErrors), so both give one message.
 */
import { newsDocumentFieldErrors, normalizeNewsDocumentTags, type NewsDocumentKind, type NewsDocumentMetadata } from '@ecrf/rules';

/** The kinds in the graph's spelling (the three document screens) and in the rules'. */
export type GraphKind = 'NEWS' | 'DOCUMENT' | 'LEGEND';
export const RULES_KIND: Record<GraphKind, NewsDocumentKind> = { NEWS: 'News', DOCUMENT: 'Document', LEGEND: 'Legend' };
export const GRAPH_KIND: Record<NewsDocumentKind, GraphKind> = { News: 'NEWS', Document: 'DOCUMENT', Legend: 'LEGEND' };

export type MetadataValues = {
  identifier: string;
  kind: NewsDocumentKind;
  title: string;
  description: string;
  order: string;
  tags: string;
  digiNetOnly: boolean;
};

export type MetadataField = keyof MetadataValues;
export type MetadataErrors = Partial<Record<MetadataField | 'file' | 'form', string>>;

export const emptyMetadata = (kind: NewsDocumentKind): MetadataValues => ({
  identifier: '',
  kind,
  title: '',
  description: '',
  order: '0',
  tags: '',
  digiNetOnly: false,
});

/** Tags are typed comma-separated. */
export const splitTags = (tags: string): string[] => normalizeNewsDocumentTags(tags.split(','));

export function toMetadata(values: MetadataValues): NewsDocumentMetadata {
  return {
    identifier: values.identifier.trim(),
    kind: values.kind,
    title: values.title,
    description: values.description,
    order: /^\s*\d+\s*$/.test(values.order) ? Number(values.order) : Number.NaN,
    tags: splitTags(values.tags),
    digiNetOnly: values.digiNetOnly,
  };
}

/** The rules' messages by field; empty when the metadata may be sent. */
export function metadataErrors(values: MetadataValues): MetadataErrors {
  const errors: MetadataErrors = {};
  for (const error of newsDocumentFieldErrors(toMetadata(values))) errors[error.field] = error.message;
  return errors;
}

const FIELDS: readonly string[] = ['identifier', 'kind', 'title', 'description', 'order', 'tags', 'digiNetOnly', 'file'];

/** Refusals of the server at their field (`path[0]`); the others above the form. */
export function errorsAtFields(refused: readonly { readonly path: readonly string[]; readonly message: string }[]): MetadataErrors {
  const errors: MetadataErrors = {};
  for (const error of refused) {
    const field = (FIELDS.includes(error.path[0] ?? '') ? error.path[0] : 'form') as keyof MetadataErrors;
    errors[field] = errors[field] ? `${errors[field]} ${error.message}` : error.message;
  }
  return errors;
}

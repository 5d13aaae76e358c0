/**
 * From input strings to the comparison form the matcher and the database keep (mainzelliste-api.md §1
 * "Transformers", "Field types"): names are normalised and decomposed, date parts and postal codes
 * compared as integers or exact text, the rest normalised. An empty value means "not given".
 */
import { decomposeFirstName, decomposeLastName, type Compound } from './decompose.js';
import { normalizeInteger, normalizeString } from './normalize.js';

export type Transform = 'firstName' | 'lastName' | 'text' | 'integer' | 'exact';

/** A field's comparison form: a compound for decomposed names, a string otherwise ('' = empty). */
export type MatchValue = string | Compound;

/** The comparison form of one identity, stored as JSON beside the original input. */
export type MatchData = Record<string, MatchValue>;

export function transformValue(transform: Transform, raw: string): MatchValue {
  switch (transform) {
    case 'firstName':
      return decomposeFirstName(normalizeString(raw));
    case 'lastName':
      return decomposeLastName(normalizeString(raw));
    case 'text':
      return normalizeString(raw);
    case 'integer':
      return normalizeInteger(raw);
    case 'exact':
      return raw.replace(/\s+/g, '').toUpperCase();
  }
}

export function prepareMatchData(raw: Readonly<Record<string, string>>, transforms: Readonly<Record<string, Transform>>): MatchData {
  const data: MatchData = {};
  for (const [field, transform] of Object.entries(transforms)) data[field] = transformValue(transform, raw[field] ?? '');
  return data;
}

export function isEmptyValue(value: MatchValue | undefined): boolean {
  if (value === undefined) return true;
  return typeof value === 'string' ? value === '' : value.every((part) => part === '');
}

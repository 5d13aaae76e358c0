/**
 * The texts of a query, an action and a template: required and bounded (the table's CHECKs are the second
 * guard). Refused with German field errors the forms show at their field (ecrf-core.md §8: the client shows
 * the message).
 */
import { TEXT_LIMITS } from '@ecrf/rules';
import { invalidFields, type FieldError } from '../errors/errors.js';
import { QUERY_TEXT_MESSAGES } from '../errors/messages.js';

export const QUERY_TEXT_LIMITS = { title: TEXT_LIMITS.queryTitle, text: TEXT_LIMITS.queryText } as const;

/** Checks the fields given (an edit or an action may leave them out); `required` names those that must be there. */
export function assertQueryTexts(texts: { title?: string; text?: string }, required: readonly ('title' | 'text')[] = []): void {
  const errors: FieldError[] = [];
  for (const field of ['title', 'text'] as const) {
    const value = texts[field];
    if (value === undefined && !required.includes(field)) continue;
    const trimmed = value?.trim() ?? '';
    if (trimmed === '' || (value ?? '').length > QUERY_TEXT_LIMITS[field])
      errors.push({ field, message: QUERY_TEXT_MESSAGES[field](QUERY_TEXT_LIMITS[field]) });
  }
  if (errors.length > 0) throw invalidFields(errors);
}

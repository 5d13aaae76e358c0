/**
 * SQL over the stored field trees (jsonb arrays of DataFieldInstance), so a table's COUNT query filters and
 * counts exactly what its rows hold. Strict mode visits every node once; a node counts when it is an object
 * not marked deleted.
 */
import { sql, type RawBuilder } from 'kysely';

const LIVE = '!exists(@.isDeleted ? (@ == true))';
const INSTANCE = `strict $.** ? (@.type() == "object" && @.definitionId == $id && ${LIVE})`;

/** The number of entries (not deleted) of every instance of the list `listId` in the tree. */
export function listEntryCount(fields: RawBuilder<unknown>, listId: string): RawBuilder<number> {
  const path = `${INSTANCE}.childFields[*] ? (${LIVE})`;
  return sql<number>`jsonb_array_length(jsonb_path_query_array(${fields}, ${path}::jsonpath, ${JSON.stringify({ id: listId })}::jsonb))`;
}

/** Whether an instance (not deleted) of the field `fieldId` in the tree has a value that is not blank. */
export function hasFilledValue(fields: RawBuilder<unknown>, fieldId: string): RawBuilder<boolean> {
  const path = `${INSTANCE}.values[*] ? (exists(@.value ? (@.type() == "string" && @ like_regex "\\\\S")))`;
  return sql<boolean>`jsonb_path_exists(${fields}, ${path}::jsonpath, ${JSON.stringify({ id: fieldId })}::jsonb)`;
}

/** Whether an instance (not deleted) of the network field `fieldId` in the tree names an organisation. */
export function hasOrganization(fields: RawBuilder<unknown>, fieldId: string): RawBuilder<boolean> {
  const path = `${INSTANCE}.values[*] ? (exists(@.organization.id))`;
  return sql<boolean>`jsonb_path_exists(${fields}, ${path}::jsonpath, ${JSON.stringify({ id: fieldId })}::jsonb)`;
}

/** Whether an instance (not deleted) of the field `fieldId` holds the value `value`. */
export function hasValue(fields: RawBuilder<unknown>, fieldId: string, value: string): RawBuilder<boolean> {
  const path = `${INSTANCE}.values[*] ? (@.value == $value)`;
  return sql<boolean>`jsonb_path_exists(${fields}, ${path}::jsonpath, ${JSON.stringify({ id: fieldId, value })}::jsonb)`;
}

/** Whether an instance (not deleted) of the field `fieldId` holds a (not blank) value on or before `day`, compared as text like yyyy-MM-dd dates. */
export function hasValueUpTo(fields: RawBuilder<unknown>, fieldId: string, day: string): RawBuilder<boolean> {
  const path = `${INSTANCE}.values[*] ? (@.value <= $day && @.value like_regex "\\\\S")`;
  return sql<boolean>`jsonb_path_exists(${fields}, ${path}::jsonpath, ${JSON.stringify({ id: fieldId, day })}::jsonb)`;
}

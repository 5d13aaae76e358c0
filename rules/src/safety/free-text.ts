/**
 * The free-text report of the safety review (ecrf-calls.md §7 "Safety: GET study/{studyId}/freetext-report"):
 * free text may hold adverse events nobody coded, so the review reads every text field documented or changed
 * since a day. A free-text field is a value field (TableEntry) without an enumeration whose value type is
 * text (or not given: text is the default, docs/definitions.md "Fields").
 */
import type { DataFieldDefinition } from '../definition/fields.js';
import type { DataFieldInstance } from '../definition/instances.js';

export function isFreeTextField(definition: DataFieldDefinition): boolean {
  const settings = definition.definition ?? null;
  if (definition.definitionType !== 'TableEntry' || settings?.enumValueSetIdentifier) return false;
  return settings?.valueType === undefined || settings.valueType === null || settings.valueType === 'text';
}

export type FreeTextEntry = {
  instance: DataFieldInstance;
  definition: DataFieldDefinition;
  /** The field's values, one per line. */
  text: string;
  /** ISO instant of the last change, or of the creation when never changed. */
  changedAt: string;
  changedBy: string | null;
};

/**
 * The free-text fields of a form (nested ones too) with a text, documented or changed at or after `since`
 * (an ISO instant). Deleted fields and fields inside deleted containers are left out.
 */
export function freeTextEntries(
  fields: readonly DataFieldInstance[],
  fieldById: ReadonlyMap<string, DataFieldDefinition>,
  since: string,
): FreeTextEntry[] {
  const from = Date.parse(since);
  const entries: FreeTextEntry[] = [];
  const walk = (level: readonly DataFieldInstance[]) => {
    for (const instance of level) {
      if (instance.isDeleted) continue;
      walk(instance.childFields);
      const definition = fieldById.get(instance.definitionId);
      if (!definition || !isFreeTextField(definition)) continue;
      const text = instance.values
        .map((v) => v.value?.trim() ?? '')
        .filter((v) => v !== '')
        .join('\n');
      const changedAt = instance.changeDate ?? instance.creationDate ?? null;
      if (text === '' || changedAt === null || Date.parse(changedAt) < from) continue;
      entries.push({
        instance,
        definition,
        text,
        changedAt,
        changedBy: instance.changeDate ? (instance.changingUser ?? null) : (instance.creatingUser ?? null),
      });
    }
  };
  walk(fields);
  return entries.sort((a, b) => a.changedAt.localeCompare(b.changedAt));
}

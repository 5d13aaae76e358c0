/**
 * The path of a field instance in its form (docs/rules.md "Field paths"): the definition identifiers from the
 * form's root joined by `.`, a list entry written as the list's identifier with the entry's position among the
 * list's live entries (ordered by `order`, counted from 0): `therapy_lines[1].start`, `tnm.m`. Refusals of the
 * server name a field by it, and the browser finds the field by it.
 */
import type { DataFieldDefinition } from '../definition/fields.js';
import { ENTRY_FIELD_TYPES } from '../definition/fields.js';
import type { DataFieldInstance } from '../definition/instances.js';

/** A field instance with its definition and its path. */
export type PathedField = { instance: DataFieldInstance; definition: DataFieldDefinition; path: string };

/** Every live field instance of a form whose definition the form has, in form order, with its path. */
export function pathedFields(formFields: readonly DataFieldDefinition[], fields: readonly DataFieldInstance[]): PathedField[] {
  const byId = new Map(formFields.map((definition) => [definition.id, definition]));
  const result: PathedField[] = [];
  const walk = (level: readonly DataFieldInstance[], prefix: string) => {
    const live = level.filter((instance) => instance.isDeleted !== true);
    // Entries are counted in the order the form shows them; `sort` is stable, so equal orders keep theirs.
    const entries = live
      .filter((instance) => {
        const type = byId.get(instance.definitionId)?.definitionType;
        return type !== undefined && ENTRY_FIELD_TYPES.includes(type);
      })
      .sort((a, b) => a.order - b.order);
    for (const instance of live) {
      const definition = byId.get(instance.definitionId);
      if (definition === undefined) continue;
      const position = entries.indexOf(instance);
      const path = position >= 0 ? `${prefix}[${position}]` : prefix === '' ? definition.identifier : `${prefix}.${definition.identifier}`;
      result.push({ instance, definition, path });
      walk(instance.childFields, path);
    }
  };
  walk(fields, '');
  return result;
}

/** The path of each live field instance by its id. */
export function fieldPathsById(formFields: readonly DataFieldDefinition[], fields: readonly DataFieldInstance[]): Map<string, string> {
  return new Map(pathedFields(formFields, fields).map(({ instance, path }) => [instance.id, path]));
}

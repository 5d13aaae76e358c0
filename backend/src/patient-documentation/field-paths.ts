/**
 * Field inputs by identifier path (`staging` + `tnm.m`), for code that fills forms without a browser: the
 * registry generator and the tests. Paths follow the nesting of the definition (docs/definitions.md).
 */
import type { DefinitionIndex } from '@ecrf/rules';
import type { FieldInput } from './field-instance.schemas.js';

/** The id of a field definition in a form (`patient`, a visit or an instrument), by its identifier path (`tnm.m`). */
export function fieldDefinitionId(index: DefinitionIndex, form: string, path: string): string {
  const definitions =
    form === 'patient'
      ? index.study.patient.fields
      : (index.visitByIdentifier.get(form)?.fields ?? index.instrumentByIdentifier.get(form)?.fields ?? []);
  let parent: string | null = null;
  let found = '';
  for (const segment of path.split('.')) {
    const next = definitions.find((d) => d.identifier === segment && (d.parentFieldDefinitionId ?? null) === parent);
    if (!next) throw new Error(`no field ${path} in ${form}`);
    found = next.id;
    parent = next.id;
  }
  return found;
}

/** A value field input: { id?, definitionId, values: [{ value }] }. */
export const valueField = (definitionId: string, value: string | null, id?: string): FieldInput => ({
  ...(id ? { id } : {}),
  definitionId,
  values: value === null ? [] : [{ value }],
});

/** Form inputs by identifier path; a dotted path is one row of a Table (`tnm.t`). */
export function formInput(index: DefinitionIndex, form: string, values: Record<string, string>): FieldInput[] {
  const top: FieldInput[] = [];
  const tables = new Map<string, FieldInput[]>();
  for (const [path, value] of Object.entries(values)) {
    const [table] = path.split('.');
    const field = valueField(fieldDefinitionId(index, form, path), value);
    if (!path.includes('.') || !table) top.push(field);
    else tables.set(table, [...(tables.get(table) ?? []), field]);
  }
  for (const [table, childFields] of tables) top.push({ definitionId: fieldDefinitionId(index, form, table), childFields });
  return top;
}

/**
 * Reading a documented form (patient, visit or instrument fields) for the FHIR export: values by identifier path,
 * and which paths the mapping used, so that whatever it did not use goes into the form's QuestionnaireResponse
 * (issue 28: nothing documented is left out). Pure: no I/O.
 */
import { parsePartialDate, type DataFieldInstance, type DefinitionIndex, type FieldValue } from '@ecrf/rules';

/** What a stored value says: its text, or for network fields the chosen organization and person by name. */
export function valueTexts(value: FieldValue): string[] {
  const person = value.person
    ? [value.person.title, value.person.firstName, value.person.lastName].filter(Boolean).join(' ') || value.person.id
    : null;
  const organization = value.organization ? (value.organization.displayName ?? value.organization.id) : null;
  return [value.value, organization, person].filter((text): text is string => text !== null && text !== undefined && text !== '');
}

/** A documented number (the web writes German decimals, `12,5`), or null. */
export function decimal(text: string | null): number | null {
  if (text === null) return null;
  const number = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(number) ? number : null;
}

/** One documented value field: its identifier path (`tnm.t`, `therapy_lines.therapy_line[2].start`) and values. */
export type FormValue = { path: string; field: DataFieldInstance; values: string[] };

export class FormReader {
  private readonly used = new Set<string>();

  constructor(
    readonly index: DefinitionIndex,
    readonly fields: readonly DataFieldInstance[],
  ) {}

  identifierOf(field: DataFieldInstance): string {
    return this.index.fieldById.get(field.definitionId)?.identifier ?? field.definitionId;
  }

  /** Live children at an identifier, in their order (list entries, table cells). */
  children(level: readonly DataFieldInstance[], identifier: string): DataFieldInstance[] {
    return level.filter((f) => f.isDeleted !== true && this.identifierOf(f) === identifier).sort((a, b) => a.order - b.order);
  }

  /** The first non-empty value at `path` below `level` (default: the form), marking the field used. */
  value(path: string, level: readonly DataFieldInstance[] = this.fields): string | null {
    const field = this.fieldAt(path, level);
    const value = field?.values.find((v) => v.value !== null && v.value !== '')?.value ?? null;
    if (field && value !== null) this.used.add(field.id);
    return value;
  }

  /** All non-empty values at `path` (multi-choice fields), marking the field used. */
  values(path: string, level: readonly DataFieldInstance[] = this.fields): string[] {
    const field = this.fieldAt(path, level);
    const values = (field?.values ?? []).map((v) => v.value).filter((v): v is string => v !== null && v !== '');
    if (field && values.length > 0) this.used.add(field.id);
    return values;
  }

  fieldAt(path: string, level: readonly DataFieldInstance[] = this.fields): DataFieldInstance | undefined {
    let current = level;
    let match: DataFieldInstance | undefined;
    for (const segment of path.split('.')) {
      match = this.children(current, segment)[0];
      if (!match) return undefined;
      current = match.childFields;
    }
    return match;
  }

  /** Every documented value field the mapping did not use, with its identifier path. */
  unused(): FormValue[] {
    // Entries of a list share their identifier: the path numbers them (`therapy_lines.therapy_line[2].start`).
    const walk = (level: readonly DataFieldInstance[], prefix: string): FormValue[] => {
      const live = level.filter((f) => f.isDeleted !== true).sort((a, b) => a.order - b.order);
      const counts = new Map<string, number>();
      for (const field of live) counts.set(this.identifierOf(field), (counts.get(this.identifierOf(field)) ?? 0) + 1);
      const seen = new Map<string, number>();
      return live.flatMap((field) => {
        const identifier = this.identifierOf(field);
        const number = (seen.get(identifier) ?? 0) + 1;
        seen.set(identifier, number);
        const segment = (counts.get(identifier) ?? 0) > 1 ? `${identifier}[${number}]` : identifier;
        const path = prefix === '' ? segment : `${prefix}.${segment}`;
        const values = field.values.flatMap(valueTexts);
        const own = values.length > 0 && !this.used.has(field.id) ? [{ path, field, values }] : [];
        return [...own, ...walk(field.childFields, path)];
      });
    };
    return walk(this.fields, '');
  }
}

/** A stored date (yyyy-MM-dd with unknown parts) as a FHIR date: only the known leading parts; null if none. */
export function fhirDate(stored: string | null): string | null {
  if (stored === null) return null;
  const parsed = parsePartialDate(stored);
  if (!parsed || parsed.kind !== 'date' || typeof parsed.year !== 'number') return null;
  const year = String(parsed.year).padStart(4, '0');
  if (typeof parsed.month !== 'number') return year;
  const month = `${year}-${String(parsed.month).padStart(2, '0')}`;
  return typeof parsed.day === 'number' ? `${month}-${String(parsed.day).padStart(2, '0')}` : month;
}

/** The date at `path` (below `level`) as a FHIR date, marking the field used. */
export const dateOf = (reader: FormReader, path: string, level?: Parameters<FormReader['value']>[1]): string | null =>
  fhirDate(reader.value(path, level));

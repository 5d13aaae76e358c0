/**
 * Shared state of one compilation of a definition document: the problems found (each naming its place,
 * e.g. `visits[baseline].instruments[diagnosis].fields[icd10].rules[1]`), the display values collected
 * per language, and stable ids (docs/definitions.md "Ids and versions").
 */
import { createHash } from 'node:crypto';
import type { LabelDoc } from './definition-document.js';

export type DefinitionProblem = { place: string; message: string };

/** A definition document that cannot be loaded; `problems` name every place that is wrong. */
export class DefinitionFileError extends Error {
  readonly problems: readonly DefinitionProblem[];
  constructor(source: string, problems: readonly DefinitionProblem[]) {
    super(
      `${source}: ${problems.length} problem(s) in the study definition:\n${problems.map((p) => `  ${p.place}: ${p.message}`).join('\n')}`,
    );
    this.name = 'DefinitionFileError';
    this.problems = problems;
  }
}

/** Scopes of language entries (ecrf-core.md §3 Language: scope, displayKey, displayValue). */
export type LanguageScope = 'Study' | 'Visit' | 'Instrument' | 'Field' | 'Rule' | 'Enum' | 'QueryType' | 'VerificationFlagType';

export type LanguageEntry = { scope: LanguageScope | (string & {}); displayKey: string; displayValue: string };

export type JsonRecord = Record<string, unknown>;

export const isRecord = (value: unknown): value is JsonRecord => typeof value === 'object' && value !== null && !Array.isArray(value);

export const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * A UUID derived from the definition identifier and the path of the thing it names (UUID version 5
 * layout over SHA-1), so the same field keeps its id in every version of the file.
 */
export function stableId(...parts: string[]): string {
  const hash = createHash('sha1')
    .update(`ecrf-definition:${parts.join('/')}`)
    .digest();
  hash.writeUInt8((hash.readUInt8(6) & 0x0f) | 0x50, 6);
  hash.writeUInt8((hash.readUInt8(8) & 0x3f) | 0x80, 8);
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export class CompileContext {
  readonly problems: DefinitionProblem[] = [];
  /** language → displayKey → entry */
  readonly labels = new Map<string, Map<string, LanguageEntry>>();

  constructor(
    readonly definitionIdentifier: string,
    readonly defaultLanguage: string,
  ) {}

  problem(place: string, message: string): void {
    this.problems.push({ place, message });
  }

  id(...parts: string[]): string {
    return stableId(this.definitionIdentifier, ...parts);
  }

  /** Rejects properties the format does not know (a typo would otherwise be ignored silently). */
  checkKeys(place: string, doc: JsonRecord, known: readonly string[]): void {
    for (const key of Object.keys(doc)) {
      if (!known.includes(key)) this.problem(place, `unknown property '${key}' (known: ${known.join(', ')})`);
    }
  }

  string(place: string, doc: JsonRecord, key: string, required = true): string | undefined {
    const value = doc[key];
    if (value === undefined && !required) return undefined;
    if (typeof value !== 'string' || value.trim() === '') {
      this.problem(place, `'${key}' must be a non-empty text`);
      return undefined;
    }
    return value;
  }

  identifier(place: string, doc: JsonRecord): string {
    const value = doc.identifier;
    if (typeof value !== 'string' || !IDENTIFIER.test(value)) {
      this.problem(place, `'identifier' must be letters, digits and _ starting with a letter, got ${JSON.stringify(value)}`);
      return typeof value === 'string' ? value : '?';
    }
    return value;
  }

  order(place: string, doc: JsonRecord, index: number): number {
    const value = doc.order;
    if (value === undefined) return (index + 1) * 10;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      this.problem(place, `'order' must be a non-negative integer`);
      return (index + 1) * 10;
    }
    return value;
  }

  flag(place: string, doc: JsonRecord, key: string): boolean {
    const value = doc[key];
    if (value === undefined) return false;
    if (typeof value !== 'boolean') this.problem(place, `'${key}' must be true or false`);
    return value === true;
  }

  /** Records the display value(s) of a key; a label is required unless `optional`. */
  label(place: string, doc: LabelDoc | unknown, displayKey: string, scope: LanguageScope, optional = false): void {
    if (doc === undefined) {
      if (!optional) this.problem(place, `'label' missing: every visible key needs a display value in '${this.defaultLanguage}'`);
      return;
    }
    const texts: Record<string, unknown> = typeof doc === 'string' ? { [this.defaultLanguage]: doc } : isRecord(doc) ? doc : {};
    if (typeof texts[this.defaultLanguage] !== 'string' || (texts[this.defaultLanguage] as string).trim() === '') {
      this.problem(place, `label needs a text in the default language '${this.defaultLanguage}'`);
      return;
    }
    for (const [language, text] of Object.entries(texts)) {
      if (typeof text !== 'string') {
        this.problem(place, `label text for '${language}' must be a text`);
        continue;
      }
      let entries = this.labels.get(language);
      if (!entries) this.labels.set(language, (entries = new Map()));
      entries.set(displayKey, { scope, displayKey, displayValue: text });
    }
  }

  array(place: string, doc: JsonRecord, key: string, required = true): unknown[] {
    const value = doc[key];
    if (value === undefined && !required) return [];
    if (!Array.isArray(value)) {
      this.problem(place, `'${key}' must be a list`);
      return [];
    }
    return value;
  }
}

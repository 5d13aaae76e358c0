/**
 * Strict checks of the values of a form's fields against their definitions (ecrf-core.md §3; issue 25 item 2):
 * what the server refuses whatever the client sent, and what the browser shows at the field before it saves.
 * - Dates are stored as yyyy-MM-dd; unknown parts are `XXXX`/`XX` or `UK`, the whole date may be `ongoing` or
 *   `unknown` (ecrf-core.md §3). A date with known parts must exist: 2026-02-31, 2026-13-01 and 2027-02-29 do not.
 * - Numbers must be numbers (decimal point or comma) within the field's `minimum`/`maximum`, whole where `integer`;
 *   a unit of `%` without bounds means 0–100.
 * - Codes come from the field's terminology where the caller can look them up (`codeExists`), else from its enum
 *   value set; booleans are `true` or `false`; a field other than multiEnum holds one value.
 * Display values are the server's (population rules), so they are not checked; nor are text and network fields.
 * Pure: the caller passes the value sets, the labels and the terminology look-up.
 */
import { parsePartialDate, ONGOING, UNKNOWN } from '../dates/partial-date.js';
import { parseDecimal } from '../constraints/operands.js';
import type { DataFieldDefinition } from '../definition/fields.js';
import { isBlank, type DataFieldInstance } from '../definition/instances.js';
import type { EnumValueSet } from '../definition/study.js';
import { fieldValueMessages as messages } from '../validators/messages.js';
import { pathedFields } from './field-paths.js';

export type FieldValueProblemCode =
  | 'impossibleDate'
  | 'invalidDate'
  | 'invalidNumber'
  | 'notInteger'
  | 'belowMinimum'
  | 'aboveMaximum'
  | 'unknownCode'
  | 'invalidBoolean'
  | 'singleValue';

/** A value its field's definition refuses; `path` as `pathedFields` writes it, `message` German with the field's label. */
export type FieldValueProblem = {
  fieldId: string;
  definitionId: string;
  path: string;
  code: FieldValueProblemCode;
  message: string;
};

export type FieldValueCheck = {
  /** The form's field definitions (nested ones linked by parentFieldDefinitionId). */
  formFields: readonly DataFieldDefinition[];
  /** The form's field instances (roots). */
  fields: readonly DataFieldInstance[];
  enumValueSets: readonly EnumValueSet[];
  /** The display value of a display key: gives the field's label. */
  text: (displayKey: string) => string;
  /** Whether a terminology collection holds a code; absent: terminology fields are not checked (the browser lacks the collections). */
  codeExists?: (terminology: string, code: string) => boolean;
  /** Ids of the field instances to check (the changed ones); absent: every field. */
  fieldIds?: ReadonlySet<string>;
};

/** A refused value: its code and German message (the field's label first). */
export type FieldValueRefusal = { code: FieldValueProblemCode; message: string };

/** Storage form with placeholders; the parts are checked by `parsePartialDate`. */
const STORAGE_DATE = /^(\d{4}|XXXX|UK)-(\d{2}|XX|UK)-(\d{2}|XX|UK)$/;

/** Why a date text (storage form) is refused, or null; `label` names the field in the message. */
export function dateRefusal(value: string, label: string): FieldValueRefusal | null {
  const text = value.trim();
  if (text === ONGOING || text === UNKNOWN) return null;
  const parts = STORAGE_DATE.exec(text);
  if (parts === null) return { code: 'invalidDate', message: messages.invalidDate(label) };
  if (parsePartialDate(text) !== null) return null;
  const [, year = '', month = '', day = ''] = parts;
  const shown = `${day}.${month}.${year}`;
  const known = (part: string) => /^\d+$/.test(part);
  // A known day needs a known month, a known month a known year; otherwise a known part lies outside the calendar.
  if ((known(day) && !known(month)) || (known(month) && !known(year))) {
    return { code: 'invalidDate', message: messages.partialDateOrder(label, shown) };
  }
  return { code: 'impossibleDate', message: messages.impossibleDate(label, shown) };
}

/** The bounds a number field has: its own, else 0–100 for a percentage. */
export function numberBounds(definition: DataFieldDefinition): { minimum: number | null; maximum: number | null; integer: boolean } {
  const settings = definition.definition;
  const percent = settings?.unit?.trim() === '%';
  return {
    minimum: settings?.minimum ?? (percent ? 0 : null),
    maximum: settings?.maximum ?? (percent ? 100 : null),
    integer: settings?.integer === true,
  };
}

function numberRefusal(value: string, label: string, definition: DataFieldDefinition): FieldValueRefusal | null {
  const number = parseDecimal(value);
  if (number === null) return { code: 'invalidNumber', message: messages.invalidNumber(label) };
  const { minimum, maximum, integer } = numberBounds(definition);
  const unit = definition.definition?.unit ?? null;
  if (integer && !Number.isInteger(number)) return { code: 'notInteger', message: messages.notInteger(label) };
  if (minimum !== null && number < minimum) return { code: 'belowMinimum', message: messages.belowMinimum(label, minimum, unit) };
  if (maximum !== null && number > maximum) return { code: 'aboveMaximum', message: messages.aboveMaximum(label, maximum, unit) };
  return null;
}

/** The value kind a TableEntry is checked as: its value type, else enum when it names a value set. */
function kindOf(definition: DataFieldDefinition): string {
  const settings = definition.definition;
  return settings?.valueType ?? (settings?.enumValueSetIdentifier ? 'enum' : 'text');
}

function valueRefusal(value: string, label: string, definition: DataFieldDefinition, check: FieldValueCheck): FieldValueRefusal | null {
  const settings = definition.definition;
  const kind = kindOf(definition);
  // A terminology is the larger list the field picks from (its value set, if any, is a shortcut of it).
  if (settings?.terminology && (kind === 'text' || kind === 'enum')) {
    if (check.codeExists === undefined || check.codeExists(settings.terminology, value.trim())) return null;
    return { code: 'unknownCode', message: messages.unknownTerminologyCode(label, value, settings.terminology) };
  }
  switch (kind) {
    case 'date':
      return dateRefusal(value, label);
    case 'number':
      return numberRefusal(value, label, definition);
    case 'boolean':
      return value === 'true' || value === 'false' ? null : { code: 'invalidBoolean', message: messages.invalidBoolean(label, value) };
    case 'enum':
    case 'multiEnum': {
      const set = check.enumValueSets.find((s) => s.identifier === settings?.enumValueSetIdentifier);
      return set?.values.some((v) => v.code === value.trim()) ? null : { code: 'unknownCode', message: messages.unknownCode(label, value) };
    }
    default:
      return null;
  }
}

/** Every refused value of the form's fields (of `fieldIds` only, when given), in form order. */
export function fieldValueProblems(check: FieldValueCheck): FieldValueProblem[] {
  return pathedFields(check.formFields, check.fields).flatMap(({ instance, definition, path }) => {
    if (definition.definitionType !== 'TableEntry' || (check.fieldIds !== undefined && !check.fieldIds.has(instance.id))) return [];
    const label = check.text(definition.displayKey);
    const values = instance.values.map((v) => v.value).filter((v): v is string => !isBlank(v));
    const refusals: FieldValueRefusal[] =
      values.length > 1 && kindOf(definition) !== 'multiEnum'
        ? [{ code: 'singleValue', message: messages.singleValue(label) }]
        : values.flatMap((value) => valueRefusal(value, label, definition, check) ?? []);
    return refusals.map((refusal) => ({ fieldId: instance.id, definitionId: definition.id, path, ...refusal }));
  });
}

/** Why a visit date (a column, not a field) is refused: it must be a whole date of the calendar, yyyy-MM-dd. Blank: none. */
export function visitDateProblem(visitDate: string | null | undefined): FieldValueRefusal | null {
  if (isBlank(visitDate) || visitDate === null || visitDate === undefined) return null;
  const label = messages.visitDateLabel;
  const refusal = dateRefusal(visitDate, label);
  if (refusal !== null) return refusal;
  return /^\d{4}-\d{2}-\d{2}$/.test(visitDate.trim()) ? null : { code: 'invalidDate', message: messages.incompleteDate(label, visitDate) };
}

/**
 * The screening configuration of the safety review (ecrf-calls.md §3 "Safety report configuration", §7
 * "Safety: GET and PUT screening-configuration by study"): which fields the screening report shows of each
 * patient. Fields are named by identifiers: patient fields as `<field>`, visit fields as `<visit>.<field>`,
 * instrument fields as `<instrument>.<field>`; only value fields (not containers or list entries) qualify.
 */
import { CONTAINER_FIELD_TYPES, ENTRY_FIELD_TYPES, type DataFieldDefinition } from '../definition/fields.js';
import type { DataFieldInstance } from '../definition/instances.js';
import type { StudyDefinition } from '../definition/study.js';

export type ScreeningConfiguration = {
  studyPatientFieldsConfiguration: readonly string[];
  visitFieldsConfiguration: readonly string[];
  instrumentFieldsConfiguration: readonly string[];
};

export type ScreeningList = keyof ScreeningConfiguration;
export const SCREENING_LISTS: readonly ScreeningList[] = [
  'studyPatientFieldsConfiguration',
  'visitFieldsConfiguration',
  'instrumentFieldsConfiguration',
];

/** A configured field found in the definition: the form it belongs to and its definition. */
export type ScreeningField = {
  list: ScreeningList;
  /** The configured name (`sex`, `baseline.visit_date`, `diagnosis.icd10`). */
  name: string;
  /** The visit or instrument identifier; null for patient fields. */
  formIdentifier: string | null;
  definition: DataFieldDefinition;
};

export const SCREENING_MESSAGES = {
  format: (name: string) => `„${name}“ ist keine Feldangabe der Form „Formular.Feld“`,
  unknownForm: (name: string, form: string) => `„${name}“: Formular „${form}“ gibt es in der Studiendefinition nicht`,
  unknownField: (name: string) => `„${name}“: kein Wertefeld dieses Namens in der Studiendefinition`,
  duplicate: (name: string) => `„${name}“ ist doppelt angegeben`,
} as const;

const isValueField = (f: DataFieldDefinition) =>
  !f.isDeleted && !CONTAINER_FIELD_TYPES.includes(f.definitionType) && !ENTRY_FIELD_TYPES.includes(f.definitionType);

function formsOf(study: StudyDefinition, list: ScreeningList): Map<string, readonly DataFieldDefinition[]> {
  if (list === 'studyPatientFieldsConfiguration') return new Map([['', study.patient.fields]]);
  if (list === 'visitFieldsConfiguration') return new Map(study.visits.map((v) => [v.identifier, v.fields]));
  const instruments = [...study.instruments, ...study.standaloneInstruments, ...study.visits.flatMap((v) => v.instruments)];
  const forms = new Map<string, readonly DataFieldDefinition[]>();
  for (const instrument of instruments) if (!forms.has(instrument.identifier)) forms.set(instrument.identifier, instrument.fields);
  return forms;
}

/**
 * Resolves every configured name against the study definition: the fields found, and a German problem per
 * name that is malformed, unknown or repeated (`path` names the list and position, e.g. `visitFieldsConfiguration[1]`).
 */
export function resolveScreeningConfiguration(
  study: StudyDefinition,
  configuration: ScreeningConfiguration,
): { fields: ScreeningField[]; problems: { path: string; message: string }[] } {
  const fields: ScreeningField[] = [];
  const problems: { path: string; message: string }[] = [];
  for (const list of SCREENING_LISTS) {
    const forms = formsOf(study, list);
    const seen = new Set<string>();
    configuration[list].forEach((raw, position) => {
      const name = raw.trim();
      const path = `${list}[${position}]`;
      const parts = name.split('.');
      const patient = list === 'studyPatientFieldsConfiguration';
      const [formIdentifier, fieldIdentifier] = patient ? ['', parts[0] ?? ''] : parts;
      if (parts.length !== (patient ? 1 : 2) || (!patient && !formIdentifier) || !fieldIdentifier) {
        problems.push({ path, message: SCREENING_MESSAGES.format(name) });
        return;
      }
      if (seen.has(name)) {
        problems.push({ path, message: SCREENING_MESSAGES.duplicate(name) });
        return;
      }
      seen.add(name);
      const formFields = forms.get(formIdentifier ?? '');
      if (!formFields) {
        problems.push({ path, message: SCREENING_MESSAGES.unknownForm(name, formIdentifier ?? '') });
        return;
      }
      const definition = formFields.find((f) => f.identifier === fieldIdentifier && isValueField(f));
      if (!definition) problems.push({ path, message: SCREENING_MESSAGES.unknownField(name) });
      else fields.push({ list, name, formIdentifier: patient ? null : (formIdentifier ?? null), definition });
    });
  }
  return { fields, problems };
}

/**
 * The values of the first live instance of a field definition in a form (depth first), each as `display` shows it
 * (e.g. an enumeration code as its label), joined with ", "; null when absent.
 */
export function fieldValueText(
  fields: readonly DataFieldInstance[],
  definitionId: string,
  display: (value: string) => string = (value) => value,
): string | null {
  for (const instance of fields) {
    if (instance.isDeleted) continue;
    if (instance.definitionId === definitionId) {
      const values = instance.values.map((v) => v.value ?? '').filter((v) => v !== '');
      return values.length > 0 ? values.map(display).join(', ') : null;
    }
    const inner = fieldValueText(instance.childFields, definitionId, display);
    if (inner !== null) return inner;
  }
  return null;
}

/**
 * The evaluation context of a form at its place in a patient's documentation (ecrf-core.md §3 "Study
 * patient context", §5; docs/rules.md "Evaluation inputs"), built from plain data alike by the backend's
 * save, the gateway's field state and the browser: the stored documentation with the form in place
 * (`withFormInPlace`), the patient data read from the patient fields as they then are, the viewer as user,
 * the patient's location as selected institute, and the registry's day. For an instrument the state its
 * fields give is put in place in a second pass, since rules may read it (consent 4 needs the consents
 * instrument complete, ecrf-calls.md §4).
 */
import type { EvaluationContext, InstituteData, UserData } from '../constraints/context.js';
import { createEvaluationContext, patientDataOf, type EvaluationContextOptions } from '../constraints/create-context.js';
import type { DefinitionIndex } from '../definition/definition-index.js';
import type { DataFieldDefinition } from '../definition/fields.js';
import type { DataFieldInstance, PatientDocumentation, StudyPatientContext, Visit } from '../definition/instances.js';
import { registryToday } from '../dates/registry-day.js';
import { withFormInPlace, type FormPlace } from './form-place.js';
import { instrumentState } from './instrument-state.js';

/** What a tier knows of a patient before any form is edited. */
export type PatientEvaluationInput = {
  index: DefinitionIndex;
  /** The patient's documentation as stored. */
  stored: StudyPatientContext;
  /** Birth date and sex are read from the patient fields. */
  patient: { pseudonym: string; registrationDate: string | null };
  viewer: UserData;
  /** The patient's location: the rules' selected institute. */
  location: InstituteData | null;
  /** yyyy-MM-dd, the registry's day (`registryToday`). */
  today: string;
};

/**
 * A patient's rule inputs, built alike by the backend's save, the gateway and the browser: the documentation as
 * stored, its location as the selected institute, and the registry's day of `now`.
 */
export function patientEvaluationInput(input: {
  index: DefinitionIndex;
  documentation: PatientDocumentation;
  patient: PatientEvaluationInput['patient'];
  viewer: UserData;
  now: Date;
}): PatientEvaluationInput {
  const { index, documentation, patient, viewer, now } = input;
  return { index, stored: documentation, patient, viewer, location: documentation.location, today: registryToday(now) };
}

type InstrumentPlace = Extract<FormPlace, { kind: 'instrument' | 'newInstrument' }>;

/** The field definitions of the instrument at `place`. */
function instrumentFields({ index, stored }: PatientEvaluationInput, place: InstrumentPlace): readonly DataFieldDefinition[] {
  const definitionId =
    place.kind === 'newInstrument'
      ? place.definitionId
      : [...stored.visits.flatMap((v) => v.instruments), ...stored.standaloneInstruments].find((i) => i.id === place.instrumentId)
          ?.definitionId;
  return (definitionId === undefined ? undefined : index.instrumentById.get(definitionId))?.fields ?? [];
}

/**
 * A visit being edited as its form has it: its definition (needed for a new visit) and its date column as typed.
 * Without it a stored visit keeps its stored date.
 */
export type EditedVisit = { definitionId: string; visitDate: string | null };

/** The visit the form at `where` belongs to, with the form and the edited date in place; null for the patient and standalone instruments. */
function currentVisitOf(
  visits: readonly Visit[],
  where: FormPlace | null,
  fields: readonly DataFieldInstance[],
  edited: EditedVisit | undefined,
): Visit | null {
  const withDate = (visit: Visit): Visit => (edited ? { ...visit, visitDate: edited.visitDate } : visit);
  switch (where?.kind) {
    case 'instrument':
      return visits.find((v) => v.instruments.some((i) => i.id === where.instrumentId)) ?? null;
    case 'newInstrument':
      return visits.find((v) => v.id === where.visitId) ?? null;
    case 'patient':
      return null;
    default: {
      const stored = where ? visits.find((v) => v.id === where.visitId) : undefined;
      if (stored) return withDate(stored);
      // A visit not stored yet: its own fields, no instruments.
      return edited ? withDate({ id: where?.visitId ?? 'new', definitionId: edited.definitionId, fields, instruments: [] }) : null;
    }
  }
}

/**
 * The inputs of `createEvaluationContext` for `fields` at `place`. A null place is a form the stored
 * documentation has no place for yet (a visit being created): it is evaluated beside the stored documentation.
 * `visit` gives the visit being edited (a new visit's definition, a typed visit date) for the date hints.
 */
export function formEvaluationOptions(
  input: PatientEvaluationInput,
  place: FormPlace | null,
  fields: readonly DataFieldInstance[],
  visit?: EditedVisit,
): EvaluationContextOptions {
  const at = (where: FormPlace | null): EvaluationContextOptions => {
    const patientContext = where ? withFormInPlace(input.stored, where, fields) : input.stored;
    return {
      currentVisit: currentVisitOf(patientContext.visits, where, fields, visit),
      index: input.index,
      patientContext,
      patient: patientDataOf(input.patient, patientContext.fields, input.index),
      current: fields,
      user: input.viewer,
      selectedInstitute: input.location,
      today: input.today,
    };
  };
  const first = at(place);
  if (place?.kind !== 'instrument' && place?.kind !== 'newInstrument') return first;
  const state = instrumentState(instrumentFields(input, place), fields, createEvaluationContext(first));
  return state === place.state ? first : at({ ...place, state });
}

/** The evaluation context of `fields` at `place` (see `formEvaluationOptions`). */
export function formEvaluationContext(
  input: PatientEvaluationInput,
  place: FormPlace | null,
  fields: readonly DataFieldInstance[],
  visit?: EditedVisit,
): EvaluationContext {
  return createEvaluationContext(formEvaluationOptions(input, place, fields, visit));
}

/**
 * Where a form being edited sits in the patient's documentation. The rules must see its new fields (and,
 * for instruments, the state they give) in place of the stored ones, and a new instrument as part of the
 * patient, in the browser while typing and on the server while saving alike.
 */
import type { DataFieldInstance, Instrument, InstrumentState, StudyPatientContext } from '../definition/instances.js';

export type FormPlace =
  | { kind: 'patient' }
  | { kind: 'visit'; visitId: string }
  | { kind: 'instrument'; instrumentId: string; state?: InstrumentState }
  | { kind: 'newInstrument'; visitId: string | null; definitionId: string; state?: InstrumentState };

/** The patient context with the form at `place` replaced by `fields`. */
export function withFormInPlace(context: StudyPatientContext, place: FormPlace, fields: readonly DataFieldInstance[]): StudyPatientContext {
  const instrument = (i: Instrument): Instrument =>
    place.kind === 'instrument' && place.instrumentId === i.id ? { ...i, fields, state: place.state ?? i.state } : i;
  const added: Instrument[] =
    place.kind === 'newInstrument'
      ? [{ id: 'new', definitionId: place.definitionId, fields, state: place.state ?? 'new', isDeleted: false }]
      : [];
  const addedTo = (visitId: string | null) => (place.kind === 'newInstrument' && place.visitId === visitId ? added : []);
  return {
    ...context,
    fields: place.kind === 'patient' ? fields : context.fields,
    visits: context.visits.map((v) => ({
      ...v,
      fields: place.kind === 'visit' && place.visitId === v.id ? fields : v.fields,
      instruments: [...v.instruments.map(instrument), ...addedTo(v.id)],
    })),
    standaloneInstruments: [...context.standaloneInstruments.map(instrument), ...addedTo(null)],
  };
}

/**
 * `node(id:)` for the patient documentation (docs/gateway.md "Patient documentation"): study patients,
 * visits, instruments, data fields and case process steps, all through the patient context loader. The
 * global ids of the parts carry `<studyPatientId>/<partId>`, so one loaded context answers them.
 */
import type { DataFieldInstance, FormPlace } from '@ecrf/rules';
import type { GatewayContext } from '../context.js';
import { fieldState, isListEntry } from './field-state.js';
import type { CaseProcessStep, DataField, Instrument, PatientContext, StudyPatient, Visit } from './models.js';
import { instrumentPlace } from './documentation.js';
import { fieldsOf } from './patients.resolvers.js';

export type PatientNodeType = 'StudyPatient' | 'Visit' | 'Instrument' | 'DataField' | 'CaseProcessStep';
type PatientNode = StudyPatient | Visit | Instrument | DataField | CaseProcessStep;

/** A visit of the loaded patient by backend id. */
export function visitOf(patient: PatientContext, visitId: string | undefined): Visit | null {
  const visit = patient.visits.find((v) => v.id === visitId);
  return visit ? { context: patient, visit } : null;
}

/** An instrument of the loaded patient by backend id, standalone or in its visit. */
export function instrumentOf(patient: PatientContext, instrumentId: string | undefined): Instrument | null {
  const standalone = patient.standaloneInstruments.find((i) => i.id === instrumentId);
  if (standalone) return { context: patient, visit: null, instrument: standalone };
  const visit = patient.visits.find((v) => v.instruments.some((i) => i.id === instrumentId));
  const instrument = visit?.instruments.find((i) => i.id === instrumentId);
  return visit && instrument ? { context: patient, visit, instrument } : null;
}

const holds = (field: DataFieldInstance, id: string | undefined): boolean =>
  field.childFields.some((child) => child.id === id || holds(child, id));

/**
 * A stored field as the forms' `fields` and `childFields` serve it: found from its form's roots, with the
 * visibility of its parents and the list entry it lies in evaluated on the way down.
 */
async function dataFieldOf(patient: PatientContext, fieldId: string | undefined, c: GatewayContext): Promise<DataField | null> {
  const forms: { place: FormPlace; fields: readonly unknown[] }[] = [
    { place: { kind: 'patient' }, fields: patient.fields },
    ...patient.visits.flatMap((visit) => [
      { place: { kind: 'visit', visitId: visit.id } as const, fields: visit.fields },
      ...visit.instruments.map((i) => ({ place: instrumentPlace(i), fields: i.fields })),
    ]),
    ...patient.standaloneInstruments.map((i) => ({ place: instrumentPlace(i), fields: i.fields })),
  ];
  const search = async (level: readonly DataField[]): Promise<DataField | null> => {
    for (const model of level) {
      if (model.field.id === fieldId) return model;
      if (!holds(model.field, fieldId)) continue;
      const { visible } = await fieldState(model, c);
      const entry = (await isListEntry(model, c)) ? model.field : model.entry;
      return search(model.field.childFields.map((field) => ({ form: model.form, field, parentVisible: visible, entry })));
    }
    return null;
  };
  for (const { place, fields } of forms) {
    const found = await search(fieldsOf(patient, place, fields));
    if (found) return found;
  }
  return null;
}

export async function loadPatientNode(type: PatientNodeType, id: string, c: GatewayContext): Promise<PatientNode | null> {
  const [studyPatientId = '', partId] = id.split('/');
  const patient = await c.loaders.patientContexts.load(studyPatientId);
  if (!patient) return null;
  switch (type) {
    case 'StudyPatient':
      return { id: patient.id };
    // A deleted visit is not visible (ecrf-calls.md §4): its address and its instruments' answer as not found.
    case 'Visit': {
      const visit = visitOf(patient, partId);
      return visit?.visit.isDeleted ? null : visit;
    }
    case 'Instrument': {
      const instrument = instrumentOf(patient, partId);
      return instrument?.visit?.isDeleted ? null : instrument;
    }
    case 'DataField':
      return dataFieldOf(patient, partId, c);
    case 'CaseProcessStep': {
      const step = patient.caseProcessSteps.find((candidate) => candidate.id === partId);
      return step ? { studyPatientId: patient.id, step } : null;
    }
  }
}

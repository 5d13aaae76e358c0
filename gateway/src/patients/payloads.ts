/**
 * The payloads of documentation changes (schema.graphql "Patient documentation"): a change names the records
 * it touched, and each payload field reads them as now stored only when the client selects it, so a screen
 * that spreads its display fragments gets exactly those and the gateway loads nothing else.
 */
import type { Resolvers } from '../__generated__/resolvers.js';
import type { UserErrorModel } from '../graph/user-errors.js';
import type { GatewayContext } from '../context.js';
import type { Instrument, StudyPatient, Visit } from './models.js';
import { contextOf } from './patients.resolvers.js';

/** The records a change touched, by backend id. */
export type Changed = { studyPatientId: string; visitId?: string; instrumentId?: string };
/** What every documentation payload carries. */
export type ChangePayload = { changed: Changed | null; errors: UserErrorModel[] };
export type SignVisitPayloadModel = ChangePayload & { success: boolean; message: string };
export type DeleteVisitPayloadModel = ChangePayload & { deletedVisitId: string | null };
export type DeleteInstrumentPayloadModel = ChangePayload & { deletedInstrumentId: string | null };

async function visitIn({ studyPatientId, visitId }: Changed, context: GatewayContext): Promise<Visit | null> {
  const patient = await contextOf(studyPatientId, context);
  const visit = patient.visits.find((v) => v.id === visitId);
  return visit ? { context: patient, visit } : null;
}

async function instrumentIn({ studyPatientId, instrumentId }: Changed, context: GatewayContext): Promise<Instrument | null> {
  const patient = await contextOf(studyPatientId, context);
  const standalone = patient.standaloneInstruments.find((i) => i.id === instrumentId);
  if (standalone) return { context: patient, visit: null, instrument: standalone };
  for (const visit of patient.visits) {
    const instrument = visit.instruments.find((i) => i.id === instrumentId);
    if (instrument) return { context: patient, visit, instrument };
  }
  return null;
}

const studyPatient = ({ changed }: ChangePayload): StudyPatient | null => (changed ? { id: changed.studyPatientId } : null);
const visit = ({ changed }: ChangePayload, _: unknown, context: GatewayContext) => (changed?.visitId ? visitIn(changed, context) : null);

export const patientPayloads: Pick<
  Resolvers,
  | 'StudyPatientPayload'
  | 'VisitPayload'
  | 'InstrumentPayload'
  | 'SignVisitPayload'
  | 'DeleteVisitPayload'
  | 'DeleteInstrumentPayload'
  | 'SetFieldLockPayload'
> = {
  StudyPatientPayload: { studyPatient },
  VisitPayload: { studyPatient, visit },
  InstrumentPayload: {
    studyPatient,
    instrument: ({ changed }, _, context) => (changed?.instrumentId ? instrumentIn(changed, context) : null),
  },
  SignVisitPayload: { visit },
  DeleteVisitPayload: { studyPatient },
  DeleteInstrumentPayload: { studyPatient },
  SetFieldLockPayload: { studyPatient },
};

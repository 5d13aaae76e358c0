/**
 * The payloads of documentation changes (schema.graphql "Patient documentation"): a change names the records
 * it touched, and each payload field reads them as now stored only when the client selects it, so a screen
 * that spreads its display fragments gets exactly those and the gateway loads nothing else.
 */
import type { Resolvers } from '../__generated__/resolvers.js';
import type { UserErrorModel } from '../graph/user-errors.js';
import type { GatewayContext } from '../context.js';
import type { StudyPatient, Visit } from './models.js';
import { instrumentOf, visitOf } from './patient-nodes.js';
import { contextOf } from './patients.resolvers.js';

/** The records a change touched, by backend id. */
export type Changed = { studyPatientId: string; visitId?: string; instrumentId?: string };
/** What every documentation payload carries. */
export type ChangePayload = { changed: Changed | null; errors: UserErrorModel[] };
export type SignVisitPayloadModel = ChangePayload & { success: boolean; message: string };
export type DeleteVisitPayloadModel = ChangePayload & { deletedVisitId: string | null };
export type DeleteInstrumentPayloadModel = ChangePayload & { deletedInstrumentId: string | null };

const studyPatient = ({ changed }: ChangePayload): StudyPatient | null => (changed ? { id: changed.studyPatientId } : null);
const visit = async ({ changed }: ChangePayload, _: unknown, context: GatewayContext): Promise<Visit | null> =>
  changed?.visitId ? visitOf(await contextOf(changed.studyPatientId, context), changed.visitId) : null;

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
    instrument: async ({ changed }, _, context) =>
      changed?.instrumentId ? instrumentOf(await contextOf(changed.studyPatientId, context), changed.instrumentId) : null,
  },
  SignVisitPayload: { visit },
  DeleteVisitPayload: { studyPatient },
  DeleteInstrumentPayload: { studyPatient },
  SetFieldLockPayload: { studyPatient },
};

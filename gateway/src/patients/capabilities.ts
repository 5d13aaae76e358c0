/**
 * `StudyPatient.viewerCan`: what the viewer may do with a patient. Each flag needs the rights of the
 * backend routes behind the action (the `access` of each route; docs/roles-and-rights.md), so a screen
 * offers what the backend would allow. A deleted patient is shown read-only.
 */
import type { RightName } from '@ecrf/rules';
import type { StudyPatientCapabilities } from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import { viewerRights } from '../viewer/rights.js';
import type { PatientContext } from './models.js';

type Capability = Exclude<keyof StudyPatientCapabilities, '__typename'>;

const capabilityRights: Record<Capability, readonly RightName[]> = {
  edit: ['StudyPatientUpdateCmd'],
  delete: ['StudyPatientDeleteCmd'],
  document: ['VisitCreateCmd', 'InstrumentCreateCmd'],
  signVisit: ['VisitSignCmd'],
  // deleteVisit calls DELETE NngmVisit/{visitId}.
  deleteVisit: ['NngmVisitDeleteCmd'],
  deleteInstrument: ['InstrumentDeleteCmd'],
  // PUT DataField/{id} needs DataFieldUpdateCmd, and DataFieldLockCmd when it changes a lock.
  lockFields: ['DataFieldUpdateCmd', 'DataFieldLockCmd'],
  // A step is created once (POST CaseProcess) and then updated (PUT CaseProcess/{id}).
  editCaseProcess: ['CaseProcessCreateCmd', 'CaseProcessUpdateCmd'],
};

export async function capabilitiesOf(patient: PatientContext, context: GatewayContext): Promise<StudyPatientCapabilities> {
  const has = await viewerRights(context);
  const entries = Object.entries(capabilityRights).map(([capability, rights]) => [capability, !patient.isDeleted && rights.every(has)]);
  return Object.fromEntries(entries) as Record<Capability, boolean>;
}

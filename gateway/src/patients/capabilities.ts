/**
 * `StudyPatient.viewerCan`: what the viewer may do with a patient. Each flag needs the rights of the
 * backend routes behind the action (the `access` of each route; docs/roles-and-rights.md), so a screen
 * offers what the backend would allow. A deleted patient is shown read-only.
 */
import { queryTypeAllows, type RightName } from '@ecrf/rules';
import type { StudyPatientCapabilities } from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import { viewerRights } from '../viewer/rights.js';
import { loadedVersion } from '../study-definitions/definition-models.js';
import { definitionVersionOf } from './documentation.js';
import type { PatientContext } from './models.js';

/** `raiseDataQuery` needs a query type that lists the viewer's role as well (ecrf-core.md §6). */
type Capability = Exclude<keyof StudyPatientCapabilities, '__typename' | 'raiseDataQuery'>;

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
  // A flag is created once (POST DataVerificationFlag) and then toggled (PUT DataVerificationFlag/{id}).
  verifyFields: ['DataVerificationFlagSetCmd', 'DataVerificationFlagUpdateCmd'],
  assignProject: ['ProjectAssignmentCreateCmd'],
  editProjectAssignment: ['ProjectAssignmentUpdateCmd'],
  removeProjectAssignment: ['ProjectAssignmentDeleteCmd'],
  createPatientQuestionnaireAccess: ['SynQuestPatientLoginCmd'],
  enterQuestionnaire: ['SynQuestUserLoginCmd'],
};

/** The viewer may raise queries on the patient: QueryCreateCmd, and a query type of its definition lists the role. */
async function mayRaiseDataQuery(patient: PatientContext, context: GatewayContext, has: (right: RightName) => boolean) {
  if (patient.isDeleted || !has('QueryCreateCmd')) return false;
  // The super right stands for every role, as in the rules' dataQueryDecision.
  if (has('SUPER_RIGHT')) return true;
  const [{ model }, user] = await Promise.all([loadedVersion(context, definitionVersionOf(patient)), context.loaders.currentUser()]);
  return model.queryTypes.some((type) => queryTypeAllows(type, 'create', user.role.identifier, true));
}

export async function capabilitiesOf(patient: PatientContext, context: GatewayContext): Promise<StudyPatientCapabilities> {
  const has = await viewerRights(context);
  const entries = Object.entries(capabilityRights).map(([capability, rights]) => [capability, !patient.isDeleted && rights.every(has)]);
  return {
    ...(Object.fromEntries(entries) as Record<Capability, boolean>),
    raiseDataQuery: await mayRaiseDataQuery(patient, context, has),
  };
}

import { describe, expect, it } from 'vitest';
import { kitchenSinkDefinition } from '../__testUtils__/index.js';
import { dataQueryAfter, dataQueryDecision, dataQueryVisible, type DataQueryFacts, type DataQueryViewer } from './data-query.js';

const [firstType] = kitchenSinkDefinition.queryTypes;
if (!firstType) throw new Error('the kitchen sink definition has no query type');
const queryType = firstType;
const managerRights = [
  'QueryGetCmd',
  'QueryCreateCmd',
  'QueryEditCmd',
  'QueryAcceptCmd',
  'QueryRevokeCmd',
  'QuerySolveCmd',
  'QueryDeferCmd',
];
const dataManager: DataQueryViewer = { roleIdentifier: 'DataManager', rights: managerRights, locationIds: ['loc-a'] };
const physician: DataQueryViewer = {
  roleIdentifier: 'Physician',
  rights: ['QueryGetCmd', 'QueryAnswerCmd', 'QueryCreateCmd'],
  locationIds: ['loc-a'],
};
const open: DataQueryFacts = {
  queryType,
  status: 'OPEN',
  answerStage: 'NEW',
  locationId: 'loc-a',
  targetIsFollowUpRegistry: false,
  visitDefinitionIdentifier: 'baseline',
};
const today = '2026-11-25';

describe('dataQueryAfter', () => {
  it('walks a query through answer, renewal and acceptance', () => {
    const answered = dataQueryAfter(open, 'answer');
    expect(answered).toEqual({ status: 'PENDING', answerStage: 'ANSWERED' });
    const renewed = dataQueryAfter({ status: 'PENDING', answerStage: 'ANSWERED' }, 'edit');
    expect(renewed).toEqual({ status: 'OPEN', answerStage: 'RENEWED' });
    expect(dataQueryAfter({ status: 'PENDING', answerStage: 'ANSWERED' }, 'accept')).toEqual({ status: 'CLOSED', answerStage: 'ANSWERED' });
  });

  it('refuses actions from statuses they do not start from', () => {
    expect(dataQueryAfter(open, 'accept')).toBeNull();
    expect(dataQueryAfter({ status: 'PENDING', answerStage: 'ANSWERED' }, 'answer')).toBeNull();
    for (const status of ['CLOSED', 'NO_LONGER_RELEVANT'] as const) {
      for (const action of ['edit', 'answer', 'accept', 'revoke', 'solve', 'defer'] as const) {
        expect(dataQueryAfter({ status, answerStage: 'NEW' }, action), `${action} from ${status}`).toBeNull();
      }
    }
  });

  it('defers a query out of sight and brings it back by editing', () => {
    expect(dataQueryAfter(open, 'defer')).toEqual({ status: 'INVISIBLE', answerStage: 'NEW' });
    expect(dataQueryAfter({ status: 'INVISIBLE', answerStage: 'NEW' }, 'edit')).toEqual({ status: 'OPEN', answerStage: 'NEW' });
  });
});

describe('dataQueryDecision', () => {
  it('needs the right, then the role of the query type, then the location', () => {
    expect(dataQueryDecision({ ...dataManager, rights: [] }, open, 'accept', today)).toEqual({ allowed: false, reason: 'right' });
    expect(dataQueryDecision(physician, open, 'create', today)).toEqual({ allowed: false, reason: 'role' });
    expect(dataQueryDecision({ ...dataManager, locationIds: ['loc-b'] }, open, 'edit', today)).toEqual({
      allowed: false,
      reason: 'location',
    });
    expect(
      dataQueryDecision({ ...dataManager, locationIds: [], rights: [...managerRights, 'QueryGetAllCmd'] }, open, 'edit', today),
    ).toEqual({
      allowed: true,
    });
    expect(dataQueryDecision(physician, open, 'answer', today)).toEqual({ allowed: true });
  });

  it('lets the super right stand for every role', () => {
    expect(dataQueryDecision({ roleIdentifier: 'SuperAdmin', rights: ['SUPER_RIGHT'], locationIds: [] }, open, 'create', today)).toEqual({
      allowed: true,
    });
  });

  it('refuses an action the status does not allow', () => {
    expect(dataQueryDecision(dataManager, open, 'accept', today)).toEqual({ allowed: false, reason: 'state' });
  });

  it('applies the follow-up restriction to raising and editing from 2025-05-01 on', () => {
    const masterDataManager = { ...dataManager, roleIdentifier: 'MasterDataManager' };
    const onFollowUp = { ...open, queryType: { ...queryType, canCreate: ['MasterDataManager'] }, targetIsFollowUpRegistry: true };
    expect(dataQueryDecision(masterDataManager, onFollowUp, 'create', '2025-04-30')).toEqual({ allowed: true });
    expect(dataQueryDecision(masterDataManager, onFollowUp, 'create', '2025-05-01')).toEqual({
      allowed: false,
      reason: 'followUpRestriction',
    });
    expect(dataQueryDecision(dataManager, { ...onFollowUp, queryType }, 'create', '2025-05-01')).toEqual({ allowed: true });
  });

  it('hides deferred queries from the roles that answer them', () => {
    const deferred = { ...open, status: 'INVISIBLE' as const };
    expect(dataQueryVisible(physician, deferred, today)).toBe(false);
    expect(dataQueryVisible(dataManager, deferred, today)).toBe(true);
    expect(dataQueryVisible(physician, open, today)).toBe(true);
  });
});

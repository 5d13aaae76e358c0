import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoaderFunctionArgs } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { StudyScopeContext } from '../../layout/studyScope';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { clearSession, storeRights, storeStudyId } from '../../session/sessionStore';
import { QueryOverviewScreen, queryOverviewScreenQuery } from './QueryOverviewScreen';

const row = (id: string, title: string) => ({
  node: {
    id,
    title,
    subject: 'DATA_FIELD',
    status: 'OPEN',
    answerStage: 'NEW',
    priority: 'NORMAL',
    pseudonym: 'DEMO-2002-2',
    changedAt: '2026-11-24T10:00:00.000Z',
    studyPatient: { id: 'sp-1' },
    location: { identifier: '2002', displayName: 'Klinikum Essen' },
  },
});

function setup(rights: string[]) {
  storeRights(rights);
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      Viewer: () => ({ rights, locations: [{ id: 'loc-2002', identifier: '2002', displayName: 'Klinikum Essen' }] }),
      DataQueryConnection: () => ({
        totalCount: 1,
        pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: 'c1', endCursor: 'c1' },
        edges: [row('q-1', 'ECOG-Datum fehlt')],
      }),
    }),
  );
  renderWithProviders(
    <StudyScopeContext.Provider value={{ studyId: 'study-1', locationId: 'loc-2002' }}>
      <Suspense fallback="…">
        <QueryOverviewScreen />
      </Suspense>
    </StudyScopeContext.Provider>,
    {
      path: '/query-overview',
      environment,
      screenQuery: queryOverviewScreenQuery,
      variables: { studyId: 'study-1', first: 25, patients: 500, withPatients: rights.includes('NngmStudyPatientGetMyCmd') },
    },
  );
  return { environment, user: userEvent.setup() };
}

afterEach(() => clearSession());

const overviewRoute = (): LoaderFunctionArgs => {
  const url = new URL('http://localhost/query-overview');
  return { params: {}, request: new Request(url), url, pattern: '/query-overview', context: undefined };
};

describe('QueryOverviewScreen', () => {
  it('lists the queries of the study, each opening its dialog', async () => {
    const { user } = setup(['QueryGetMyCmd']);
    await user.click(await screen.findByRole('button', { name: 'Query öffnen: ECOG-Datum fehlt' }));
    expect(screen.getByRole('dialog', { name: 'Queries: ECOG-Datum fehlt' })).toBeTruthy();
    expect(screen.getByText('1 Query · Seite 1 von 1')).toBeTruthy();
  });

  it('filters by status and answer status on the server', async () => {
    const { environment, user } = setup(['QueryGetMyCmd']);
    await screen.findByRole('button', { name: 'Query öffnen: ECOG-Datum fehlt' });
    await user.selectOptions(screen.getByLabelText('Status', { exact: true }), 'Offen');
    await user.selectOptions(screen.getByLabelText('Antwortstatus'), 'Beantwortet');
    await waitFor(() => {
      const refetch = environment.mock
        .getAllOperations()
        .find((operation) => operation.request.node.params.name === 'QueryOverviewTableRefetchQuery');
      expect(refetch?.request.variables).toMatchObject({
        studyId: 'study-1',
        first: 25,
        filter: { statuses: ['OPEN'], answerStages: ['ANSWERED'], search: null, locationId: null, studyPatientId: null },
        orderBy: { field: 'CHANGED_AT', descending: true },
      });
    });
  });

  it('follows new and changed queries live: the changed one is marked and the page loads again', async () => {
    const { environment } = setup(['QueryGetMyCmd']);
    await screen.findByRole('button', { name: 'Query öffnen: ECOG-Datum fehlt' });
    const subscription = environment.mock
      .getAllOperations()
      .find((operation) => operation.request.node.params.name === 'QueryOverviewScreenSubscription');
    expect(subscription?.request.variables).toEqual({ studyId: 'study-1', after: null });
    if (!subscription) return;
    environment.mock.nextValue(
      subscription,
      MockPayloadGenerator.generate(subscription, {
        DataQueryUpdate: () => ({
          eventId: '9-1',
          change: 'UPDATED',
          action: 'ANSWER',
          dataQuery: { ...row('q-1', 'ECOG-Datum fehlt').node, status: 'PENDING' },
        }),
      }),
    );
    expect(await screen.findByText('In Prüfung')).toBeTruthy();
    await waitFor(() =>
      expect(
        environment.mock.getAllOperations().some((operation) => operation.request.node.params.name === 'QueryOverviewTableRefetchQuery'),
      ).toBe(true),
    );
  });

  it('says the viewer lacks the right instead of asking the server', async () => {
    setup(['PatientGetMyCmd']);
    expect(await screen.findByText('Dafür fehlt Ihnen das Recht.')).toBeTruthy();
    // The route's loader loads the shell alone for such a viewer.
    storeStudyId('study-1');
    expect(queryOverviewScreenQuery.variables(overviewRoute())).toBeNull();
    storeRights(['QueryGetMyCmd']);
    expect(queryOverviewScreenQuery.variables(overviewRoute())).toEqual({
      studyId: 'study-1',
      first: 25,
      patients: 500,
      withPatients: false,
    });
  });

  it('offers the Patient filter only with the patient list right, which pathologists and consultants lack', async () => {
    storeStudyId('study-1');
    storeRights(['QueryGetMyCmd', 'NngmStudyPatientGetMyCmd']);
    expect(queryOverviewScreenQuery.variables(overviewRoute())).toMatchObject({ withPatients: true });
    clearSession();
    setup(['QueryGetMyCmd', 'StudyPatientGetContextCmd']);
    await screen.findByRole('button', { name: 'Query öffnen: ECOG-Datum fehlt' });
    expect(screen.queryByLabelText('Patient', { exact: true })).toBeNull();
    expect(screen.getByLabelText('Standort', { exact: true })).toBeTruthy();
  });
});

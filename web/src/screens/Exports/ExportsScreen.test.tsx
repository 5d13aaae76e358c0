import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { clearSession, storeRights } from '../../session/sessionStore';
import { ExportsScreen } from './ExportsScreen';

const overviewOf = (studies: { id: string; displayName: string | null }[]) => ({
  edges: studies.map((study, index) => ({ node: { location: { id: `loc-${index}`, study: { ...study, identifier: null } } } })),
});

/** A researcher: no location, so the study is chosen on the screen (issue 26 item 2). */
function setup() {
  storeRights(['CSV_EXPORT_START_CMD', 'CSV_EXPORT_GET_FILES_CMD', 'StudyInstituteGetOverviewCmd']);
  const environment = createMockEnvironment();
  const user = userEvent.setup();
  const view = renderWithProviders(
    <Suspense fallback="…">
      <ExportsScreen />
    </Suspense>,
    { path: '/exports', environment },
  );
  return { environment, user, router: view.router };
}

const sentStudy = (environment: ReturnType<typeof createMockEnvironment>) =>
  environment.mock
    .getAllOperations()
    .filter((operation) => operation.request.node.params.name === 'ExportsScreenQuery')
    .map((operation) => operation.request.variables.studyId as string);

describe('ExportsScreen of a role without a location', () => {
  afterEach(() => clearSession());

  it('offers the studies of the locations it may list, takes the first and loads its exports; another choice loads that one', async () => {
    const { environment, user, router } = setup();
    const studies = [
      { id: 'study-1', displayName: 'Lungenregister' },
      { id: 'study-2', displayName: null },
    ];
    await waitFor(() => expect(environment.mock.getAllOperations().length).toBeGreaterThan(0));
    const choice = environment.mock.getMostRecentOperation();
    expect(choice.request.node.params.name).toBe('ExportStudyQuery');
    expect(choice.request.variables).toMatchObject({ withOverview: true, withInstitutes: false });
    environment.mock.resolve(choice, MockPayloadGenerator.generate(choice, { InstituteOverviewConnection: () => overviewOf(studies) }));

    await waitFor(() => expect(router.state.location.search).toBe('?study=study-1'));
    await waitFor(() => expect(sentStudy(environment)).toEqual(['study-1']));
    const exports = environment.mock.getMostRecentOperation();
    environment.mock.resolve(
      exports,
      MockPayloadGenerator.generate(exports, { ExportKindAccess: () => ({ kind: 'CSV_EXPORT', canStart: true, canSeeFiles: true }) }),
    );

    const select = await screen.findByLabelText('Studie');
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Lungenregister', 'Studie 2']);
    await user.selectOptions(select, 'study-2');
    expect(router.state.location.search).toBe('?study=study-2');
    await waitFor(() => expect(sentStudy(environment)).toContain('study-2'));
  });

  it('says so when it may list no location of any study', async () => {
    const { environment } = setup();
    await waitFor(() => expect(environment.mock.getAllOperations().length).toBeGreaterThan(0));
    const choice = environment.mock.getMostRecentOperation();
    environment.mock.resolve(choice, MockPayloadGenerator.generate(choice, { InstituteOverviewConnection: () => overviewOf([]) }));
    expect(await screen.findByText('Es gibt keine Studie, deren Exporte Sie sehen dürfen.')).toBeTruthy();
    expect(sentStudy(environment)).toEqual([]);
  });
});

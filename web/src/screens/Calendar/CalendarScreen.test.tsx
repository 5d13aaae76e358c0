import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { StudyScopeContext } from '../../layout/studyScope';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { clearSession, storeRights, storeStudyId } from '../../session/sessionStore';
import { CalendarScreen, calendarScreenQuery } from './CalendarScreen';

const entry = (pseudonym: string, dueDate: string, overdue: boolean) => ({
  studyPatientId: `sp-${pseudonym}`,
  pseudonym,
  locationIdentifier: '2002',
  locationName: 'Klinikum Essen',
  baselineDate: '2022-03-15',
  dueDate,
  overdue,
});

function setup(rights: string[], entries: ReturnType<typeof entry>[]) {
  storeRights(rights);
  storeStudyId('study-1');
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, { Query: () => ({ followUpCalendar: entries }) }),
  );
  renderWithProviders(
    <StudyScopeContext.Provider value={{ studyId: 'study-1', locationId: 'loc-2002' }}>
      <Suspense fallback="…">
        <CalendarScreen />
      </Suspense>
    </StudyScopeContext.Provider>,
    { path: '/calendar', environment, screenQuery: calendarScreenQuery, variables: { studyId: 'study-1' } },
  );
}

afterEach(() => clearSession());

describe('CalendarScreen', () => {
  it('lists each pending follow-up with its due date, patient link, location and status', async () => {
    setup(['StudyPatientGetMyCmd'], [entry('DEMO-2002-1', '2024-03-15', true), entry('DEMO-2002-2', '2027-02-03', false)]);
    const table = await screen.findByRole('table', { name: 'Kalender' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['15.03.2024', 'DEMO-2002-1', '2002 - Klinikum Essen', '15.03.2022', 'Überfällig'],
      ['03.02.2027', 'DEMO-2002-2', '2002 - Klinikum Essen', '15.03.2022', 'Anstehend'],
    ]);
    expect(within(table).getByRole('link', { name: 'DEMO-2002-1' }).getAttribute('href')).toBe('/patient/sp-DEMO-2002-1');
  });

  it('says so when nothing is pending', async () => {
    setup(['StudyPatientGetAllCmd'], []);
    expect(await screen.findByText('Keine anstehenden Follow-up-Visiten.')).toBeTruthy();
  });

  it('tells a viewer without a patient-read right instead of asking the server', () => {
    setup(['QueryGetMyCmd'], []);
    expect(screen.getByText('Dafür fehlt Ihnen das Recht.')).toBeTruthy();
  });
});

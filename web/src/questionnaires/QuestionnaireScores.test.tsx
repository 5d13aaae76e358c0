import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { renderWithProviders } from '../testing/renderWithProviders';
import { clearSession } from '../session/sessionStore';
import { PatientScreen, patientScreenQuery } from '../screens/Patient/PatientScreen';

const completed = {
  id: 'iv-1',
  status: 'COMPLETED',
  createdAt: '2026-03-01T08:00:00.000Z',
  completedAt: '2026-03-02T09:30:00.000Z',
  accessExpiresAt: '2026-03-08T08:00:00.000Z',
  respondent: 'PATIENT',
  enteredByUserName: null,
  questionnaire: { shortTitle: 'PHQ-9' },
  score: {
    total: 11,
    max: 27,
    band: { label: 'Mittelgradig' },
    flags: [{ code: 'suicidal_thoughts', label: 'Frage 9 bejaht: zeitnah klinisch abklären' }],
  },
};
const open = { ...completed, id: 'iv-2', status: 'OPEN', completedAt: null, respondent: null, score: null };

function setup(interviews: unknown[], can = { createPatientQuestionnaireAccess: true, enterQuestionnaire: false }) {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      Query: () => ({ questionnaires: [{ id: 'q-1', title: 'Gesundheitsfragebogen für Patienten (PHQ-9)', shortTitle: 'PHQ-9' }] }),
      StudyPatient: () => ({ id: 'sp-1', pseudonym: 'DEMO-1001-1', identity: null, questionnaireInterviews: interviews }),
      StudyPatientCapabilities: () => can,
      Viewer: () => ({ rights: ['SynQuestSystemApiGetInterviewsCmd'] }),
    }),
  );
  renderWithProviders(
    <Suspense fallback="…">
      <PatientScreen />
    </Suspense>,
    { path: '/patient/:patientId', url: '/patient/sp-1', environment, screenQuery: patientScreenQuery, variables: { id: 'sp-1' } },
  );
  return { environment, user: userEvent.setup() };
}

afterEach(() => clearSession());

describe('QuestionnaireScores on the patient screen', () => {
  it('shows date, total, severity, the item 9 flag and the status of each interview', async () => {
    setup([completed, open]);
    const table = await screen.findByRole('table', { name: 'Fragebögen' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells[0]).toEqual([
      '02.03.2026',
      'PHQ-9',
      '11 von 27',
      'Mittelgradig',
      'Frage 9 bejaht: zeitnah klinisch abklären',
      'Vom Patienten beantwortet',
    ]);
    expect(cells[1]?.slice(2, 5)).toEqual(['–', '–', '']);
    expect(cells[1]?.[5]).toMatch(/^Offen, Zugang gültig bis 08\.03\.2026 \d{2}:00$/);
  });

  it('creates a patient access and shows its code, link and expiry once', async () => {
    const { environment, user } = setup([]);
    expect(await screen.findByText('Für diesen Patienten liegen keine Fragebögen vor.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Papierfragebogen erfassen' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Patientenzugang erstellen' }));
    const days = screen.getByLabelText('Gültig für (Tage)');
    await user.clear(days);
    await user.type(days, '31');
    await user.click(screen.getByRole('button', { name: 'Zugang erstellen' }));
    expect(screen.getByText('Bitte eine Zahl von 1 bis 30 eingeben.')).toBeTruthy();
    await user.clear(days);
    await user.type(days, '14');
    await user.click(screen.getByRole('button', { name: 'Zugang erstellen' }));
    const sent = environment.mock.getMostRecentOperation();
    expect(sent.request.variables.input).toEqual({ studyPatientId: 'sp-1', questionnaireId: 'q-1', respondent: 'PATIENT', validDays: 14 });
    environment.mock.resolve(
      sent,
      MockPayloadGenerator.generate(sent, {
        CreateQuestionnaireAccessPayload: () => ({
          access: {
            accessCode: '7K3M-Q9ZX-1P0V-4RT8-WN2H',
            path: '/fragebogen/7K3M-Q9ZX-1P0V-4RT8-WN2H',
            expiresAt: '2026-03-15T10:00:00.000Z',
            respondent: 'PATIENT',
          },
          errors: [],
        }),
        StudyPatient: () => ({ id: 'sp-1', pseudonym: 'DEMO-1001-1', questionnaireInterviews: [open] }),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Zugang für Patient DEMO-1001-1' });
    expect(within(dialog).getByLabelText('Zugangscode').textContent).toBe('7K3M-Q9ZX-1P0V-4RT8-WN2H');
    expect(within(dialog).getByLabelText('Link').textContent).toBe(`${window.location.origin}/fragebogen/7K3M-Q9ZX-1P0V-4RT8-WN2H`);
    expect(within(dialog).getByText(/^Gültig bis 15\.03\.2026 \d{2}:00 Uhr\./)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Drucken' })).toBeTruthy();
  });
});

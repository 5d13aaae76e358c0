import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { PatientQuestionnaireScreen } from './PatientQuestionnaireScreen';

const CODE = '7K3MQ9ZX1P0V4RT8WN2H';
const OPTIONS = ['Überhaupt nicht', 'An einzelnen Tagen', 'An mehr als der Hälfte der Tage', 'Beinahe jeden Tag'];

const questionnaire = {
  title: 'Gesundheitsfragebogen für Patienten (PHQ-9)',
  instruction: 'Wie oft fühlten Sie sich im Verlauf der letzten 2 Wochen durch die folgenden Beschwerden beeinträchtigt?',
  citation: 'PHQ-D',
  respondent: 'PATIENT',
  expiresAt: '2026-12-03T19:00:00.000Z',
  items: [
    ...Array.from({ length: 9 }, (_, i) => ({
      key: `phq9_0${i + 1}`,
      number: String(i + 1),
      text: `Beschwerde ${i + 1}`,
      required: true,
      options: OPTIONS.map((text, code) => ({ code: String(code), text })),
    })),
    {
      key: 'phq9_difficulty',
      number: '10',
      text: 'Erschwert?',
      required: false,
      options: [{ code: '0', text: 'Überhaupt nicht erschwert' }],
    },
  ],
};

function open(answer: { questionnaire: typeof questionnaire | null; errors: { code: string }[] }, url = `/fragebogen/${CODE}`) {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      PatientQuestionnaireAccess: () => answer,
      PatientQuestionnaireForm: () => answer.questionnaire,
    }),
  );
  renderWithProviders(
    <Suspense fallback="…">
      <PatientQuestionnaireScreen />
    </Suspense>,
    { path: url.startsWith('/fragebogen/') ? '/fragebogen/:accessCode' : '/fragebogen', url, environment },
  );
  return { environment, user: userEvent.setup() };
}

const group = (number: number) => screen.getByRole('group', { name: new RegExp(`^${number}\\. `) });

describe('PatientQuestionnaireScreen (public)', () => {
  it('asks for every open item before sending, then sends all answers and thanks without any score', async () => {
    const { environment, user } = open({ questionnaire, errors: [] });
    await screen.findByRole('heading', { name: questionnaire.title });
    for (let n = 1; n <= 8; n++) await user.click(within(group(n)).getByLabelText(OPTIONS[n % 4] ?? ''));
    await user.click(screen.getByRole('button', { name: 'Antworten absenden' }));
    expect(within(screen.getByRole('alert')).getByText('Bitte beantworten Sie Frage 9.')).toBeTruthy();
    expect(environment.mock.getAllOperations().map((o) => o.request.node.params.name)).not.toContain('SubmitQuestionnaireAnswersMutation');

    await user.click(within(group(9)).getByLabelText('An einzelnen Tagen'));
    await user.click(screen.getByRole('button', { name: 'Antworten absenden' }));
    const sent = environment.mock.getMostRecentOperation();
    expect(sent.request.node.params.name).toBe('SubmitQuestionnaireAnswersMutation');
    expect(sent.request.variables.input.accessCode).toBe(CODE);
    expect(sent.request.variables.input.answers).toHaveLength(9);
    expect(sent.request.variables.input.answers).toContainEqual({ itemKey: 'phq9_09', optionCode: '1' });
    environment.mock.resolve(sent, { data: { submitQuestionnaireAnswers: { submitted: true, errors: [] } } });
    expect(await screen.findByRole('heading', { name: 'Vielen Dank!' })).toBeTruthy();
    expect(screen.queryByText(/Summenwert|Schweregrad|Mittelgradig/)).toBeNull();
    // Ten radio groups clicked one by one take a few seconds on a busy machine.
  }, 20_000);

  it('says plainly that a used or expired code opens nothing', async () => {
    open({ questionnaire: null, errors: [{ code: 'ACCESS_INVALID' }] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Zugang nicht gültig' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/abgelaufen, wurde schon verwendet/);
  });

  it('opens the questionnaire of a typed code, forgiving case and separators', async () => {
    const { user } = open({ questionnaire, errors: [] }, '/fragebogen');
    await user.type(screen.getByLabelText('Zugangscode'), '7K3M-Q9ZX');
    await user.click(screen.getByRole('button', { name: 'Fragebogen öffnen' }));
    expect(screen.getByText('Bitte geben Sie den vollständigen Code mit 20 Zeichen ein.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Zugangscode'));
    await user.type(screen.getByLabelText('Zugangscode'), '7k3m-q9zx-1pOv-4rt8-wn2h');
    await user.click(screen.getByRole('button', { name: 'Fragebogen öffnen' }));
    expect((await screen.findByTestId('location')).textContent).toBe(`/fragebogen/${CODE}`);
  });
});

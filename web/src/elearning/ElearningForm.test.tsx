import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { ElearningFormTestQuery } from '../__generated__/ElearningFormTestQuery.graphql';
import { renderWithProviders } from '../testing/renderWithProviders';
import { ElearningForm } from './ElearningForm';

function Form() {
  const { studyDefinitions } = useLazyLoadQuery<ElearningFormTestQuery>(
    graphql`
      query ElearningFormTestQuery {
        studyDefinitions {
          ...ElearningForm_studyDefinition
        }
      }
    `,
    {},
  );
  const [definition] = studyDefinitions;
  return definition ? <ElearningForm studyDefinition={definition} /> : null;
}

function setup() {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      StudyDefinition: () => ({
        id: 'sd-1',
        displayName: 'Lungenkrebsregister',
        viewerElearningRequirement: { required: true, passed: false, pending: true },
        elearning: {
          title: 'Dokumentieren im Register',
          introduction: 'Bitte beantworten.',
          passThreshold: 1,
          questions: [
            {
              key: 'q1',
              text: 'Was speichert das Register?',
              multipleChoice: false,
              options: [
                { key: 'a', text: 'Pseudonym' },
                { key: 'b', text: 'Namen' },
              ],
            },
            {
              key: 'q2',
              text: 'Welche Kodierungen?',
              multipleChoice: true,
              options: [
                { key: 'x', text: 'ICD-10-GM' },
                { key: 'y', text: 'ICD-O-3' },
              ],
            },
          ],
        },
      }),
    }),
  );
  renderWithProviders(
    <Suspense fallback="…">
      <Form />
    </Suspense>,
    { environment },
  );
  return { environment, user: userEvent.setup() };
}

describe('ElearningForm', () => {
  it('sends one answer per question and is sendable only when every question is answered', async () => {
    const { environment, user } = setup();
    await user.click(await screen.findByLabelText('Pseudonym'));
    const send = screen.getByRole('button', { name: 'Antworten absenden' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText('ICD-10-GM'));
    await user.click(screen.getByLabelText('ICD-O-3'));
    await user.click(send);
    expect(environment.mock.getMostRecentOperation().request.variables.input).toEqual({
      studyDefinitionId: 'sd-1',
      answers: [
        { questionKey: 'q1', optionKeys: ['a'] },
        { questionKey: 'q2', optionKeys: ['x', 'y'] },
      ],
    });
  });

  it('shows “Fehler beim Speichern der Ergebnisse.” when the save fails, and starts the form afresh (ecrf-calls.md §8)', async () => {
    const { environment, user } = setup();
    await user.click(await screen.findByLabelText('Namen'));
    await user.click(screen.getByLabelText('ICD-O-3'));
    await user.click(screen.getByRole('button', { name: 'Antworten absenden' }));
    environment.mock.rejectMostRecentOperation(new Error('offline'));
    await screen.findByText('Fehler beim Speichern der Ergebnisse.');
    expect((screen.getByLabelText('Namen') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('ICD-O-3') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('button', { name: 'Antworten absenden' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

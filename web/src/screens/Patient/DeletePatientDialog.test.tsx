import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { DeletePatientDialog } from './DeletePatientDialog';

function setup() {
  const environment = createMockEnvironment();
  renderWithProviders(<DeletePatientDialog studyPatientId="sp-1" pseudonym="ABC12345" onClose={() => undefined} />, { environment });
  return { environment, user: userEvent.setup() };
}

describe('DeletePatientDialog (a study patient is deleted with a reason, issue 15)', () => {
  it('asks for a reason and sends nothing while it is blank', async () => {
    const { environment, user } = setup();
    expect(screen.getByText('Patient ABC12345 mit allen Visiten und Instrumenten löschen?')).toBeTruthy();
    await user.type(screen.getByLabelText(/Grund der Änderung/), '   ');
    await user.click(screen.getByRole('button', { name: 'Endgültig löschen' }));
    expect(screen.getByText('Bitte geben Sie einen Grund an.')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('sends the trimmed reason and goes to the patient table', async () => {
    const { environment, user } = setup();
    await user.type(screen.getByLabelText(/Grund der Änderung/), ' Doppelt angelegt ');
    await user.click(screen.getByRole('button', { name: 'Endgültig löschen' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.input).toEqual({ id: 'sp-1', reasonForChange: 'Doppelt angelegt' });
    environment.mock.resolve(
      operation,
      MockPayloadGenerator.generate(operation, { DeleteStudyPatientPayload: () => ({ deletedStudyPatientId: 'sp-1', errors: [] }) }),
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/patients'));
  });
});

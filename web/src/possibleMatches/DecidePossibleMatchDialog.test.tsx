import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { renderWithProviders } from '../testing/renderWithProviders';
import { DecidePossibleMatchDialog } from './DecidePossibleMatchDialog';

function setup() {
  const environment = createMockEnvironment();
  let closed = 0;
  renderWithProviders(<DecidePossibleMatchDialog tentativeId="sp-1" decision="APART" onClose={() => (closed += 1)} />, { environment });
  return { environment, user: userEvent.setup(), closed: () => closed };
}

describe('DecidePossibleMatchDialog (a possible match is decided with a reason, issue 17)', () => {
  it('asks for the Begründung and sends nothing while it is blank', async () => {
    const { environment, user } = setup();
    await user.type(screen.getByLabelText(/Begründung/), '   ');
    await user.click(screen.getByRole('button', { name: 'Entscheidung speichern' }));
    expect(screen.getByText('Bitte geben Sie eine Begründung an.')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('sends the decision with the trimmed reason, and shows a refusal of the server in the dialog', async () => {
    const { environment, user, closed } = setup();
    await user.type(screen.getByLabelText(/Begründung/), ' Geschwister ');
    await user.click(screen.getByRole('button', { name: 'Entscheidung speichern' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.input).toEqual({ tentativeId: 'sp-1', decision: 'APART', reasonForChange: 'Geschwister' });
    environment.mock.resolve(
      operation,
      MockPayloadGenerator.generate(operation, {
        DecidePossibleMatchPayload: () => ({
          tentative: null,
          errors: [{ code: 'POSSIBLE_MATCH_NOT_OPEN', path: ['tentativeId'], message: 'Diese mögliche Dublette ist nicht mehr offen.' }],
        }),
      }),
    );
    await waitFor(() => expect(screen.getByText('Diese mögliche Dublette ist nicht mehr offen.')).toBeTruthy());
    expect(closed()).toBe(0);
  });
});

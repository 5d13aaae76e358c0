import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '@ecrf/rules';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { renderWithProviders } from '../testing/renderWithProviders';
import type { PossibleMatchDecision } from '../__generated__/DecidePossibleMatchMutation.graphql';
import { DecidePossibleMatchDialog } from './DecidePossibleMatchDialog';
import type { Merged } from './MergedNotice';

function setup(decision: PossibleMatchDecision = 'APART') {
  const environment = createMockEnvironment();
  let closed = 0;
  const merged: Merged[] = [];
  renderWithProviders(
    <DecidePossibleMatchDialog
      tentativeId="sp-1"
      tentativePseudonym="PTENT01"
      decision={decision}
      onClose={() => (closed += 1)}
      onMerged={(m) => merged.push(m)}
    />,
    { environment },
  );
  return { environment, user: userEvent.setup(), closed: () => closed, merged };
}

describe('DecidePossibleMatchDialog (a possible match is decided with a reason, issue 17)', () => {
  it('asks for the Begründung and sends nothing while it is blank', async () => {
    const { environment, user } = setup();
    await user.type(screen.getByLabelText(/Begründung/), '   ');
    await user.click(screen.getByRole('button', { name: 'Entscheidung speichern' }));
    expect(screen.getByText('Bitte geben Sie eine Begründung an.')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('takes the Begründung up to the server’s limit of a reason for change', async () => {
    const { user } = setup();
    const reason = screen.getByLabelText<HTMLTextAreaElement>(/Begründung/);
    expect(reason.maxLength).toBe(TEXT_LIMITS.reasonForChange);
    await user.click(reason);
    await user.paste('x'.repeat(TEXT_LIMITS.reasonForChange + 10));
    expect(reason.value).toHaveLength(TEXT_LIMITS.reasonForChange);
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

  it('keeps the reason and shows each conflict when "Dieselbe Person" cannot join the two', async () => {
    const { environment, user, closed, merged } = setup('SAME');
    await user.type(screen.getByLabelText(/Begründung/), 'Auskunft der Station');
    await user.click(screen.getByRole('button', { name: 'Entscheidung speichern' }));
    const operation = environment.mock.getMostRecentOperation();
    const conflicts = ['Die Visite „baseline“ ist höchstens 1-mal erlaubt.', 'Bei PTENT01 ist Dokumentation gesperrt.'];
    environment.mock.resolve(
      operation,
      MockPayloadGenerator.generate(operation, {
        DecidePossibleMatchPayload: () => ({
          tentative: null,
          survivor: null,
          errors: conflicts.map((message) => ({ code: 'MERGE_CONFLICT', path: ['tentativeId'], message })),
        }),
      }),
    );
    await waitFor(() => expect(screen.getByText(conflicts.join(' '))).toBeTruthy());
    expect((screen.getByLabelText(/Begründung/) as HTMLTextAreaElement).value).toBe('Auskunft der Station');
    expect([closed(), merged.length]).toEqual([0, 0]);
  });

  it('names the survivor when the two were joined', async () => {
    const { environment, user, closed, merged } = setup('SAME');
    await user.type(screen.getByLabelText(/Begründung/), 'Auskunft der Station');
    await user.click(screen.getByRole('button', { name: 'Entscheidung speichern' }));
    const operation = environment.mock.getMostRecentOperation();
    environment.mock.resolve(
      operation,
      MockPayloadGenerator.generate(operation, {
        DecidePossibleMatchPayload: () => ({ tentative: { id: 'sp-1' }, survivor: { id: 'sp-2', pseudonym: 'PSURV02' }, errors: [] }),
      }),
    );
    await waitFor(() => expect(closed()).toBe(1));
    expect(merged).toEqual([{ tentative: 'PTENT01', survivorId: 'sp-2', survivor: 'PSURV02' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { IdentityDialog } from './IdentityDialog';

function setup(identity: Record<string, unknown>) {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      StudyPatient: () => ({
        id: 'sp-1',
        pseudonym: 'ABC12345',
        identity: {
          firstName: 'Hedwig',
          lastName: 'Brandt',
          birthName: null,
          birthDate: '1950-03-14',
          zip: '45127',
          city: 'Essen',
          insuranceNumber: null,
          ...identity,
        },
        masterDataChanges: {
          edges: [
            { node: { changedAt: '2026-01-05T10:00:00.000Z', userName: 'dana.data', variant: 'ML', fieldNames: ['address', 'gender'] } },
          ],
        },
      }),
    }),
  );
  renderWithProviders(<IdentityDialog studyPatientId="sp-1" onClose={() => undefined} />, { environment });
  return { environment, user: userEvent.setup() };
}

describe('IdentityDialog (master data of the machine-learning variant)', () => {
  it('shows the stored gender and street, and the change log with German field labels', async () => {
    setup({ gender: 'FEMALE', street: 'Rüttenscheider Straße 12' });
    expect(((await screen.findByLabelText('Geschlecht')) as HTMLSelectElement).value).toBe('FEMALE');
    expect((screen.getByLabelText('Straße und Hausnummer') as HTMLInputElement).value).toBe('Rüttenscheider Straße 12');
    expect(screen.getByText(/Straße und Hausnummer, Geschlecht$/)).toBeTruthy();
  });

  it('asks for the gender of an identity registered without one, and sends gender and street', async () => {
    const { environment, user } = setup({ gender: null, street: null });
    await screen.findByLabelText('Geschlecht');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(screen.getByText('Wird benötigt')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Geschlecht'), 'unbekannt');
    await user.type(screen.getByLabelText('Straße und Hausnummer'), 'Marienplatz 8');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.input).toMatchObject({
      studyPatientId: 'sp-1',
      identity: { gender: 'UNKNOWN', street: 'Marienplatz 8' },
    });
  });
});

import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { UserFormDialogTestQuery } from '../../__generated__/UserFormDialogTestQuery.graphql';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { UserFormDialog } from './UserFormDialog';

function Harness({ onClose }: { onClose: (saved: boolean) => void }) {
  const data = useLazyLoadQuery<UserFormDialogTestQuery>(
    graphql`
      query UserFormDialogTestQuery @relay_test_operation {
        ...UserFormDialog_options
      }
    `,
    {},
  );
  return <UserFormDialog options={data} user={null} onClose={onClose} />;
}

function setup() {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      RoleConnection: () => ({ edges: [{ node: { id: 'role-1', displayName: 'Dokumentar' } }] }),
      InstituteConnection: () => ({
        edges: [{ node: { identifier: '2002', displayName: 'Klinikum Essen', locations: [{ id: 'loc-2', isDeleted: false }] } }],
      }),
    }),
  );
  const onClose = vi.fn();
  renderWithProviders(
    <Suspense fallback="…">
      <Harness onClose={onClose} />
    </Suspense>,
    { environment },
  );
  return { environment, onClose, user: userEvent.setup() };
}

describe('UserFormDialog', () => {
  it('shows the field rules of ecrf-calls.md §5 with their German messages and sends nothing while invalid', async () => {
    const { environment, user } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Nutzer anlegen' });
    await user.type(within(dialog).getByLabelText('Benutzername'), 'mit leerzeichen');
    await user.type(within(dialog).getByLabelText('E-Mail'), 'kein-mail');
    await user.type(within(dialog).getByLabelText('Telefon'), '0221/1');
    await user.type(within(dialog).getByLabelText('Passwort'), 'Kurz1');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(within(dialog).getByText("Benutzername darf nur Zeichen wie 'A-Z', '0-9', '_' oder '-' enthalten")).toBeTruthy();
    expect(within(dialog).getByText('Ungültige Emailaddresse')).toBeTruthy();
    expect(within(dialog).getByText('Ziffern und Bindestrich erlaubt')).toBeTruthy();
    expect(within(dialog).getAllByText('Wird benötigt')).toHaveLength(2);
    expect(within(dialog).getByText(/Mindestens 6 Zeichen, Mindestens 1 Sonderzeichen/)).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('creates a user with role, person data and location, and shows the server’s field errors at the field', async () => {
    const { environment, onClose, user } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Nutzer anlegen' });
    await user.type(within(dialog).getByLabelText('Benutzername'), 'dana.doku');
    await user.type(within(dialog).getByLabelText('Anzeigename'), 'Dana Doku');
    await user.selectOptions(within(dialog).getByLabelText('Rolle'), 'Dokumentar');
    await user.type(within(dialog).getByLabelText('Passwort'), 'Start-Passwort1');
    await user.click(within(dialog).getByRole('checkbox', { name: '2002 - Klinikum Essen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.input).toMatchObject({
      userName: 'dana.doku',
      roleId: 'role-1',
      locationIds: ['loc-2'],
      password: 'Start-Passwort1',
    });
    environment.mock.resolve(operation, {
      data: {
        createUser: {
          user: null,
          errors: [
            { code: 'ALREADY_EXISTS', path: ['userName'], fieldId: null, message: 'Der Benutzername dana.doku ist bereits vergeben.' },
          ],
        },
      },
    });
    expect(await within(dialog).findByText('Der Benutzername dana.doku ist bereits vergeben.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

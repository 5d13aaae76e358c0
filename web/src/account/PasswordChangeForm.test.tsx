import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockPayloadGenerator } from 'relay-test-utils';
import { PasswordChangeForm } from './PasswordChangeForm';
import { renderWithProviders } from '../testing/renderWithProviders';

function setup() {
  const onChanged = vi.fn();
  const view = renderWithProviders(<PasswordChangeForm onChanged={onChanged} />);
  const user = userEvent.setup();
  // Required labels end in Primer's asterisk.
  const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}\\s*\\*?$`)) as HTMLInputElement;
  const submit = () => screen.getByRole('button', { name: 'Passwort ändern' }) as HTMLButtonElement;
  return { ...view, user, field, submit, onChanged };
}

async function fillValid(s: ReturnType<typeof setup>) {
  await s.user.type(s.field('Altes Passwort'), 'Alt12345');
  await s.user.type(s.field('Neues Passwort'), 'Neu12345');
  await s.user.type(s.field('Neues Passwort wiederholen'), 'Neu12345');
}

describe('PasswordChangeForm', () => {
  it('states the rule in a hint and keeps the button disabled while empty', () => {
    const s = setup();
    expect(screen.getByText(/mindestens 6 Zeichen lang/)).toBeTruthy();
    expect(s.submit().disabled).toBe(true);
    expect(screen.queryByText('Wird Benötigt.')).toBeNull();
  });

  it('shows the rule messages under a field once it was touched', async () => {
    const s = setup();
    await s.user.type(s.field('Neues Passwort'), 'abc');
    expect(screen.getByText('Mindestens 6 Zeichen, Mindestens 1 Großbuchstaben, Mindestens eine Zahl')).toBeTruthy();
    await s.user.click(s.field('Altes Passwort'));
    await s.user.tab();
    expect(screen.getByText('Wird Benötigt.')).toBeTruthy();
  });

  it('requires old and new to differ and the repeat to match', async () => {
    const s = setup();
    await s.user.type(s.field('Altes Passwort'), 'Gleich123');
    await s.user.type(s.field('Neues Passwort'), 'Gleich123');
    expect(screen.getByText('Das alte und neue Passwort muss unterschiedlich sein')).toBeTruthy();
    await s.user.clear(s.field('Neues Passwort'));
    await s.user.type(s.field('Neues Passwort'), 'Anders123');
    await s.user.type(s.field('Neues Passwort wiederholen'), 'Anders12');
    expect(screen.getByText('Neue Passwörter müssen gleich sein')).toBeTruthy();
    expect(s.submit().disabled).toBe(true);
    await s.user.type(s.field('Neues Passwort wiederholen'), '3');
    expect(s.submit().disabled).toBe(false);
  });

  it('shows the new password in clear and hides the repeat field with the toggle', async () => {
    const s = setup();
    await s.user.type(s.field('Altes Passwort'), 'Alt12345');
    await s.user.type(s.field('Neues Passwort'), 'Neu12345');
    expect(s.submit().disabled).toBe(true);
    await s.user.click(screen.getByRole('checkbox', { name: 'Passwort anzeigen' }));
    expect(s.field('Neues Passwort').type).toBe('text');
    expect(screen.queryByLabelText(/^Neues Passwort wiederholen/)).toBeNull();
    expect(s.submit().disabled).toBe(false);
  });

  it('reports success and a failed synchronisation in the snackbar', async () => {
    const s = setup();
    await fillValid(s);
    await s.user.click(s.submit());
    const operation = s.environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({ input: { oldPassword: 'Alt12345', newPassword: 'Neu12345' } });
    act(() => {
      s.environment.mock.resolve(
        operation,
        MockPayloadGenerator.generate(operation, {
          ChangePasswordPayload: () => ({ passwordChanged: true, passwordSynchronized: false, errors: [] }),
        }),
      );
    });
    const status = screen.getByRole('status');
    expect(within(status).getByText('Passwortänderung erfolgreich')).toBeTruthy();
    expect(
      within(status).getByText('Das neue Passwort gilt ab der nächsten Anmeldung. Synchronisierung des Passworts nicht erfolgreich.'),
    ).toBeTruthy();
    expect(s.onChanged).toHaveBeenCalled();
  });

  it('reports a failure for user errors and for exceptions', async () => {
    const s = setup();
    await fillValid(s);
    await s.user.click(s.submit());
    act(() => {
      s.environment.mock.resolveMostRecentOperation((operation) =>
        MockPayloadGenerator.generate(operation, {
          ChangePasswordPayload: () => ({
            passwordChanged: false,
            passwordSynchronized: false,
            errors: [{ code: 'WRONG_PASSWORD', message: 'wrong', field: 'oldPassword' }],
          }),
        }),
      );
    });
    expect(screen.getByText('Passwortänderung fehlgeschlagen')).toBeTruthy();
    expect(screen.getByText('Bitte überprüfen Sie Ihr eingegebens Passwort.')).toBeTruthy();
    await s.user.click(s.submit());
    act(() => {
      s.environment.mock.rejectMostRecentOperation(new Error('boom'));
    });
    expect(screen.getByText('Passwortänderung fehlgeschlagen')).toBeTruthy();
    expect(s.onChanged).not.toHaveBeenCalled();
  });
});

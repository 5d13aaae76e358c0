import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fieldOf, vitalStatusInstrument } from '@ecrf/rules/test-utils';
import { renderForm } from './formTestKit';

describe('DocumentationForm: manual locks', () => {
  it('offers data management a lock on stored fields, lifts an existing one, and nothing on fields not stored yet', async () => {
    const onSetLock = vi.fn();
    const status = fieldOf('status', 'alive');
    const lastContact = fieldOf('last_contact_date', '2025-01-01', [], { lockedManually: true });
    const s = renderForm(vitalStatusInstrument.fields, [status, lastContact], { onSetLock });
    await s.user.click(screen.getByRole('button', { name: 'Feld sperren: Status' }));
    expect(onSetLock).toHaveBeenLastCalledWith(status.id, true);
    await s.user.click(screen.getByRole('button', { name: 'Sperre aufheben: Letzter Kontakt' }));
    expect(onSetLock).toHaveBeenLastCalledWith(lastContact.id, false);
    // Placeholders of fields without a stored instance cannot be locked.
    expect(screen.queryByRole('button', { name: 'Feld sperren: Verstorben' })).toBeNull();
  });

  it('shows no lock control without the right', () => {
    renderForm(vitalStatusInstrument.fields, [fieldOf('status', 'alive')]);
    expect(screen.queryByRole('button', { name: /Feld sperren/ })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { useUnsavedChangesWarning } from './useUnsavedChangesWarning';

function FormPage() {
  const [dirty, setDirty] = useState(false);
  const { dialog } = useUnsavedChangesWarning(dirty);
  return (
    <>
      <button type="button" onClick={() => setDirty(true)}>
        Ändern
      </button>
      <Link to="/patients">Zur Patientenliste</Link>
      {dialog}
    </>
  );
}

function setup() {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <FormPage /> },
      { path: '/patients', element: <p>Patientenliste</p> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return { user: userEvent.setup(), router };
}

describe('useUnsavedChangesWarning', () => {
  it('lets a clean form go without asking', async () => {
    const s = setup();
    await s.user.click(screen.getByRole('link', { name: 'Zur Patientenliste' }));
    expect(screen.getByText('Patientenliste')).toBeTruthy();
  });

  it('asks before leaving unsaved changes: back to the form, or leave', async () => {
    const s = setup();
    await s.user.click(screen.getByRole('button', { name: 'Ändern' }));
    await s.user.click(screen.getByRole('link', { name: 'Zur Patientenliste' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Ungespeicherte Änderungen' });
    expect(dialog.textContent).toContain('Es gibt ungespeicherte Änderungen. Seite trotzdem verlassen?');
    await s.user.click(screen.getByRole('button', { name: 'Zurück zum Formular' }));
    expect(s.router.state.location.pathname).toBe('/form');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await s.user.click(screen.getByRole('link', { name: 'Zur Patientenliste' }));
    await s.user.click(screen.getByRole('button', { name: 'Verlassen' }));
    expect(screen.getByText('Patientenliste')).toBeTruthy();
  });

  it('asks the browser before the page is unloaded with unsaved changes', async () => {
    const s = setup();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await s.user.click(screen.getByRole('button', { name: 'Ändern' }));
    expect(unload()).toBe(true);
  });
});

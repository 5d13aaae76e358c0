import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockEnvironment } from 'relay-test-utils';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { InstituteFormDialog } from './InstituteFormDialog';

describe('InstituteFormDialog', () => {
  it("checks identifier ('4 Ziffern') and postal code ('5 Ziffern') and creates the institute with its DigiNet flag", async () => {
    const environment = createMockEnvironment();
    const onClose = vi.fn();
    renderWithProviders(<InstituteFormDialog institute={null} onClose={onClose} />, { environment });
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Zentrum anlegen' });
    await user.type(within(dialog).getByLabelText('Kennung'), '12a');
    await user.type(within(dialog).getByLabelText('PLZ'), '5067');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(within(dialog).getByText('4 Ziffern')).toBeTruthy();
    expect(within(dialog).getByText('5 Ziffern')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Kennung'));
    await user.type(within(dialog).getByLabelText('Kennung'), '4711');
    await user.type(within(dialog).getByLabelText('Name'), 'Lungenzentrum Bonn');
    await user.clear(within(dialog).getByLabelText('PLZ'));
    await user.type(within(dialog).getByLabelText('PLZ'), '53127');
    await user.click(within(dialog).getByRole('checkbox', { name: 'DigiNet-Zentrum' }));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.input).toMatchObject({
      identifier: '4711',
      displayName: 'Lungenzentrum Bonn',
      isDigiNet: true,
      postalCode: '53127',
      joinAllStudies: true,
    });
    environment.mock.resolve(operation, { data: { createInstitute: { institute: null, changed: true, errors: [] } } });
    expect(onClose).toHaveBeenCalledWith(true);
  });
});

import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockEnvironment } from 'relay-test-utils';
import { renderWithProviders } from '../testing/renderWithProviders';
import { VerificationToggles } from './VerificationToggles';
import type { FieldFlag } from './fieldVerification';

const flagTypes = [
  { identifier: 'sdv', displayKey: 'flag.sdv' },
  { identifier: 'medical', displayKey: 'flag.medical' },
];
const text = (key: string) => ({ 'flag.sdv': 'SDV', 'flag.medical': 'Medizinisch geprüft' })[key] ?? key;
const flag = (identifier: string, state: string, version = 3): FieldFlag => ({
  id: `flag-${identifier}`,
  state: state as FieldFlag['state'],
  version,
  changedBy: 'mona',
  changedAt: '2026-11-24T08:00:00.000Z',
  flagType: { identifier },
});

function setup(flags: FieldFlag[]) {
  const environment = createMockEnvironment();
  renderWithProviders(<VerificationToggles fieldId="field-1" fieldLabel="Tumorgröße" flags={flags} flagTypes={flagTypes} text={text} />, {
    environment,
  });
  return { environment, user: userEvent.setup() };
}

describe('VerificationToggles', () => {
  it('shows each flag type in German: never set, verified, broken', () => {
    setup([flag('sdv', 'BROKEN')]);
    expect(screen.getByText('Verifizierung gebrochen')).toBeTruthy();
    expect(screen.getByText('Nicht verifiziert')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'SDV: Tumorgröße' }) as HTMLInputElement).checked).toBe(false);
  });

  it('verifies a field for the first time without a version, and again a broken one with the version read', async () => {
    const { environment, user } = setup([flag('sdv', 'BROKEN', 4)]);
    await user.click(screen.getByRole('checkbox', { name: 'Medizinisch geprüft: Tumorgröße' }));
    expect(environment.mock.getMostRecentOperation().request.variables.input).toEqual({
      dataFieldId: 'field-1',
      flagTypeIdentifier: 'medical',
      verified: true,
      version: null,
    });
    environment.mock.rejectMostRecentOperation(new Error('offline'));
    await user.click(screen.getByRole('checkbox', { name: 'SDV: Tumorgröße' }));
    expect(environment.mock.getMostRecentOperation().request.variables.input).toMatchObject({
      flagTypeIdentifier: 'sdv',
      verified: true,
      version: 4,
    });
  });

  it('clears a verified flag, and cannot verify an obsolete one', async () => {
    const { environment, user } = setup([flag('sdv', 'SET', 2), flag('medical', 'OBSOLETE')]);
    expect(screen.getByText('Verifiziert')).toBeTruthy();
    expect(screen.getByText('Obsolet')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Medizinisch geprüft: Tumorgröße' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'SDV: Tumorgröße' }));
    expect(environment.mock.getMostRecentOperation().request.variables.input).toMatchObject({ verified: false, version: 2 });
  });
});

import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { ImpressumScreen } from '../Impressum/ImpressumScreen';
import { SupportScreen, supportScreenQuery } from './SupportScreen';

const clientConfig = {
  versionLabel: '1.30.6',
  operatorName: 'Lungenregister e. V.',
  operatorAddress: ['Hauptstraße 5', '12345 Berlin'],
  supportPhone: '030 123-45',
  supportEmail: 'hilfe@lungenregister.example',
};

type Assemblies = { components: { name: string; version: string }[] } | null;

function environmentWithConfig(systemAssemblies: Assemblies = null) {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, { ClientConfig: () => clientConfig, Query: () => ({ systemAssemblies }) }),
  );
  return environment;
}

function renderSupport(systemAssemblies: Assemblies = null) {
  renderWithProviders(
    <Suspense fallback="…">
      <SupportScreen />
    </Suspense>,
    { path: '/support', environment: environmentWithConfig(systemAssemblies), screenQuery: supportScreenQuery, variables: {} },
  );
}

function expectOperator() {
  expect(screen.getByText('Lungenregister e. V.')).toBeTruthy();
  expect(screen.getByText('Hauptstraße 5')).toBeTruthy();
  expect(screen.getByText('12345 Berlin')).toBeTruthy();
  expect(screen.getByRole('link', { name: '030 123-45' }).getAttribute('href')).toBe('tel:03012345');
  expect(screen.getByRole('link', { name: 'hilfe@lungenregister.example' }).getAttribute('href')).toBe(
    'mailto:hilfe@lungenregister.example',
  );
}

describe('SupportScreen', () => {
  it('names the configured operator with address, phone, mail and the version to quote', async () => {
    renderSupport();
    expect(await screen.findByRole('heading', { name: 'Support' })).toBeTruthy();
    expectOperator();
    expect(screen.getByText('Bitte nennen Sie bei Rückfragen die Version des eCRF: 1.30.6.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Komponenten' })).toBeNull();
  });

  it('lists the component versions to a viewer who may read them', async () => {
    renderSupport({
      components: [
        { name: 'node', version: '20.20.2' },
        { name: 'postgresql', version: '16.4' },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Komponenten' })).toBeTruthy();
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['node', 'postgresql']);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['20.20.2', '16.4']);
  });
});

describe('ImpressumScreen', () => {
  it('names the configured operator under "Angaben zum Anbieter"', async () => {
    renderWithProviders(<ImpressumScreen />, { environment: environmentWithConfig() });
    expect(await screen.findByText('Lungenregister e. V.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Angaben zum Anbieter' })).toBeTruthy();
    expectOperator();
  });
});

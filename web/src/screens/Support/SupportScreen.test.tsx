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

function environmentWithConfig() {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) => MockPayloadGenerator.generate(operation, { ClientConfig: () => clientConfig }));
  return environment;
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
    renderWithProviders(
      <Suspense fallback="…">
        <SupportScreen />
      </Suspense>,
      { path: '/support', environment: environmentWithConfig(), screenQuery: supportScreenQuery, variables: {} },
    );
    expect(await screen.findByRole('heading', { name: 'Support' })).toBeTruthy();
    expectOperator();
    expect(screen.getByText('Bitte nennen Sie bei Rückfragen die Version des eCRF: 1.30.6.')).toBeTruthy();
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

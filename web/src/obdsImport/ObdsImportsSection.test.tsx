import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { renderWithProviders } from '../testing/renderWithProviders';
import { ObdsImportsSection } from './ObdsImportsSection';

const counts = { proposed: 4, notApplicable: 1, notMapped: 0, duplicate: 2, unmatched: 3 };
const running = {
  id: 'imp-1',
  fileName: 'gtds-export.xml',
  importedAt: '2026-11-29T08:00:00.000Z',
  importedBy: 'doku',
  patientCount: 500,
  patientsDone: 25,
  status: 'RUNNING',
  failureReason: null,
  outcomeCounts: counts,
};

function setup(imports: (typeof running)[]) {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      ObdsImportConnection: () => ({ edges: imports.map((node) => ({ cursor: node.id, node })), pageInfo: { hasNextPage: false } }),
    }),
  );
  renderWithProviders(
    <Suspense fallback="…">
      <ObdsImportsSection studyId="study-1" mayImport={false} listHeading="h2" />
    </Suspense>,
    { environment },
  );
  return environment;
}

describe('ObdsImportsSection', () => {
  it('says in German that the study has no imports yet', async () => {
    setup([]);
    expect(await screen.findByText('Für diese Studie wurde noch keine oBDS-Datei importiert.')).toBeTruthy();
  });

  it('lists an import with its progress and counts, and follows obdsImportUpdated to its end', async () => {
    const environment = setup([running]);
    const table = await screen.findByRole('table', { name: 'Bisherige oBDS-Importe' });
    const row = within(table).getByText('gtds-export.xml').closest('tr') as HTMLElement;
    expect(within(row).getByText('läuft: 25 von 500 Patienten')).toBeTruthy();
    expect(within(row).getByRole('progressbar', { name: 'Fortschritt des Imports gtds-export.xml' })).toBeTruthy();
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(3, 8)
        .map((cell) => cell.textContent),
    ).toEqual(['4', '1', '0', '2', '3']);

    const subscription = environment.mock.getAllOperations().find((op) => op.request.node.params.name === 'ObdsImportsSectionSubscription');
    if (!subscription) throw new Error('no subscription');
    expect(subscription.request.variables).toEqual({ studyId: 'study-1' });
    act(() =>
      environment.mock.nextValue(subscription, {
        data: {
          obdsImportUpdated: {
            obdsImport: {
              id: 'imp-1',
              status: 'FAILED',
              patientsDone: 50,
              failureReason: 'Die Anmeldung ist während des Imports abgelaufen.',
              outcomeCounts: { ...counts, unmatched: 5 },
            },
          },
        },
      }),
    );
    expect(within(row).getByText('abgebrochen')).toBeTruthy();
    expect(within(row).getByText('Die Anmeldung ist während des Imports abgelaufen.')).toBeTruthy();
    expect(within(row).queryByRole('progressbar')).toBeNull();
    expect(within(row).getAllByRole('cell')[7]?.textContent).toBe('5');
  });
});

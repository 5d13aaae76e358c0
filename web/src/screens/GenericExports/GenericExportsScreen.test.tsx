import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { StudyScopeContext } from '../../layout/studyScope';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { clearSession, storeRights } from '../../session/sessionStore';
import { GenericExportsScreen, genericExportsScreenQuery } from './GenericExportsScreen';

const ALL_RIGHTS = [
  'ExportDefinitionGetCmd',
  'ExportDefinitionCreateCmd',
  'ExportDefinitionUpdateCmd',
  'ExportDefinitionDeleteCmd',
  'ExportDefinitionDuplicateCmd',
  'ExportDefinitionGetDataProviderItemsCmd',
];

const ITEMS = [
  { key: 'pseudonym', group: 'Patient', label: 'Pseudonym' },
  { key: 'location', group: 'Patient', label: 'Standort' },
  { key: 'visit:baseline/instrument:staging/state', group: 'Baseline: TNM und UICC-Stadium', label: 'Status' },
];

const definition = {
  id: 'ged-1',
  name: 'Monatsbericht',
  description: 'Stand der Doku',
  outputFormat: 'CSV',
  cron: '0 6 * * 1',
  version: 3,
  changedAt: '2026-11-24T10:00:00.000Z',
  changedBy: 'pmnngm',
  items: [
    { key: 'pseudonym', group: 'Patient', label: 'Pseudonym' },
    { key: 'location', group: 'Patient', label: 'Standort' },
  ],
};

function setup(rights: string[], definitions: (typeof definition)[] = [definition]) {
  storeRights(rights);
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      Viewer: () => ({ rights }),
      GenericExportDefinitionConnection: () => ({ edges: definitions.map((node) => ({ cursor: node.id, node })) }),
      Query: () => ({ genericExportDataProviderItems: ITEMS }),
    }),
  );
  renderWithProviders(
    <StudyScopeContext.Provider value={{ studyId: 'study-1', locationId: 'loc-1' }}>
      <Suspense fallback="…">
        <GenericExportsScreen />
      </Suspense>
    </StudyScopeContext.Provider>,
    {
      path: '/safety/generic-exports',
      environment,
      screenQuery: genericExportsScreenQuery,
      variables: { studyId: 'study-1', first: 500, withItems: rights.includes('ExportDefinitionGetDataProviderItemsCmd') },
    },
  );
  return { environment, user: userEvent.setup() };
}

const latest = (environment: ReturnType<typeof createMockEnvironment>, name: string): OperationDescriptor | undefined =>
  environment.mock.getAllOperations().find((operation) => operation.request.node.params.name === name);

afterEach(() => clearSession());

describe('GenericExportsScreen', () => {
  it('lists the definitions with format, schedule and who changed them last', async () => {
    setup(ALL_RIGHTS);
    const table = await screen.findByRole('table', { name: 'Konfiguration: Exporte' });
    const row = within(table).getByRole('row', { name: /Monatsbericht/ });
    expect(within(row).getByText('CSV')).toBeTruthy();
    expect(within(row).getByText('0 6 * * 1')).toBeTruthy();
    expect(within(row).getByText(/von pmnngm$/)).toBeTruthy();
  });

  it('shows the empty state and offers only what the rights allow', async () => {
    setup(['ExportDefinitionGetCmd', 'ExportDefinitionGetDataProviderItemsCmd'], []);
    expect(await screen.findByText(/Noch keine Exportdefinitionen/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Neue Exportdefinition' })).toBeNull();
  });

  it('shows the cron message while the user types and the German help with an example', async () => {
    const { user } = setup(ALL_RIGHTS);
    await user.click(await screen.findByRole('button', { name: 'Neue Exportdefinition' }));
    const cron = screen.getByLabelText('Zeitplan (Cron)');
    expect(screen.getByText(/Beispiel: „0 6 \* \* 1“ = montags um 6:00 Uhr/)).toBeTruthy();
    await user.type(cron, '0 25 * *');
    expect(screen.getByText('Cron Syntax')).toBeTruthy();
    await user.clear(cron);
    await user.type(cron, '0 6 * * 1');
    expect(screen.queryByText('Cron Syntax')).toBeNull();
  });

  it('picks items by group and filter, orders them by keyboard and creates the definition', async () => {
    const { environment, user } = setup(ALL_RIGHTS);
    await user.click(await screen.findByRole('button', { name: 'Neue Exportdefinition' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(screen.getByText('Wird benötigt')).toBeTruthy();
    expect(screen.getByText('Bitte wählen Sie mindestens ein Datenelement.')).toBeTruthy();

    await user.type(screen.getByLabelText('Name'), 'Stagingstatus');
    await user.type(screen.getByLabelText('Datenelemente filtern'), 'stadium');
    expect(screen.queryByRole('button', { name: 'Hinzufügen: Patient – Pseudonym' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Hinzufügen: Baseline: TNM und UICC-Stadium – Status' }));
    await user.clear(screen.getByLabelText('Datenelemente filtern'));
    await user.click(screen.getByRole('button', { name: 'Hinzufügen: Patient – Pseudonym' }));
    const up = screen.getByRole('button', { name: 'Nach oben: Patient – Pseudonym' });
    up.focus();
    await user.keyboard('{Enter}');
    // The moved item keeps the focus; at the top it passes to its other button.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Nach unten: Patient – Pseudonym' })));
    const chosen = screen.getByRole('list', { name: 'Gewählte Datenelemente (Spaltenreihenfolge)' });
    const [first, second] = within(chosen).getAllByRole('listitem');
    expect(first && within(first).getByText('Patient – Pseudonym')).toBeTruthy();
    expect(second && within(second).getByText('Baseline: TNM und UICC-Stadium – Status')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Ausgabeformat'), 'XLSX');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const create = latest(environment, 'CreateGenericExportDefinitionMutation');
    expect(create?.request.variables.input).toEqual({
      studyId: 'study-1',
      name: 'Stagingstatus',
      description: '',
      items: ['pseudonym', 'visit:baseline/instrument:staging/state'],
      outputFormat: 'XLSX',
      cron: null,
    });
  });

  it("shows the server's errors at their fields and a stale save with the way back to the stored state", async () => {
    const { environment, user } = setup(ALL_RIGHTS);
    await user.click(await screen.findByRole('button', { name: 'Bearbeiten: Monatsbericht' }));
    const form = screen.getByRole('form', { name: 'Exportdefinition „Monatsbericht“ bearbeiten' });
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    const update = latest(environment, 'UpdateGenericExportDefinitionMutation');
    expect(update?.request.variables.input).toMatchObject({ id: 'ged-1', version: 3, cron: '0 6 * * 1' });
    environment.mock.resolveMostRecentOperation({
      data: {
        updateGenericExportDefinition: {
          genericExportDefinition: null,
          errors: [
            { code: 'INVALID_VALUE', path: ['items', '1'], message: 'Unbekanntes Datenelement' },
            { code: 'INVALID_VALUE', path: ['name'], message: 'Höchstens 200 Zeichen' },
          ],
        },
      },
    });
    expect(await within(form).findByText('Höchstens 200 Zeichen')).toBeTruthy();
    const chosen = within(form).getByRole('list', { name: 'Gewählte Datenelemente (Spaltenreihenfolge)' });
    const secondItem = within(chosen).getAllByRole('listitem')[1];
    expect(secondItem && within(secondItem).getByText('Unbekanntes Datenelement')).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    const message =
      'Die Daten wurden inzwischen von einer anderen Person geändert. Ihre Änderungen wurden nicht gespeichert; bitte laden Sie den aktuellen Stand.';
    environment.mock.resolveMostRecentOperation({
      data: {
        updateGenericExportDefinition: {
          genericExportDefinition: { ...definition, __typename: 'GenericExportDefinition', name: 'Wochenbericht', version: 4 },
          errors: [{ code: 'STALE_WRITE', path: [], message }],
        },
      },
    });
    expect(await screen.findByText(message)).toBeTruthy();
    // Saving again still sends the version the form was filled from, until the user loads the stored state.
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    expect(latest(environment, 'UpdateGenericExportDefinitionMutation')?.request.variables.input.version).toBe(3);
    environment.mock.resolveMostRecentOperation({
      data: { updateGenericExportDefinition: { genericExportDefinition: null, errors: [{ code: 'STALE_WRITE', path: [], message }] } },
    });
    // Primer's Banner renders its action for narrow and wide layouts.
    const [reload] = await screen.findAllByRole('button', { name: 'Aktuellen Stand laden (Ihre Eingaben gehen verloren)' });
    if (reload) await user.click(reload);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Wochenbericht');
  });

  it('asks in German before deleting and duplicates a definition', async () => {
    const { environment, user } = setup(ALL_RIGHTS);
    await user.click(await screen.findByRole('button', { name: 'Löschen: Monatsbericht' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Exportdefinition löschen' });
    expect(within(dialog).getByText(/„Monatsbericht“ löschen\? Der Zeitplan endet/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(latest(environment, 'DeleteGenericExportDefinitionMutation')).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Löschen: Monatsbericht' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    expect(latest(environment, 'DeleteGenericExportDefinitionMutation')?.request.variables.input).toEqual({ id: 'ged-1' });
    environment.mock.resolveMostRecentOperation({ data: { deleteGenericExportDefinition: { deletedId: 'ged-1', errors: [] } } });
    expect(await screen.findByText(/Noch keine Exportdefinitionen/)).toBeTruthy();
  });

  it('duplicates a definition and opens the copy', async () => {
    const { environment, user } = setup(ALL_RIGHTS);
    await user.click(await screen.findByRole('button', { name: 'Duplizieren: Monatsbericht' }));
    expect(latest(environment, 'DuplicateGenericExportDefinitionMutation')?.request.variables.input).toEqual({ id: 'ged-1' });
    environment.mock.resolveMostRecentOperation({
      data: {
        duplicateGenericExportDefinition: {
          genericExportDefinition: {
            ...definition,
            __typename: 'GenericExportDefinition',
            id: 'ged-2',
            name: 'Monatsbericht (Kopie)',
            cron: null,
          },
          errors: [],
        },
      },
    });
    expect(await screen.findByRole('form', { name: 'Exportdefinition „Monatsbericht (Kopie)“ bearbeiten' })).toBeTruthy();
    expect(screen.getByRole('row', { name: /Monatsbericht \(Kopie\)/ })).toBeTruthy();
  });
});

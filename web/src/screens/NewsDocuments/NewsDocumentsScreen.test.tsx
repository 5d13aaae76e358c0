import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { NewsDocumentsScreen, newsDocumentsScreenQuery } from './NewsDocumentsScreen';

const release = {
  id: 'doc-1',
  title: 'eCRF-Version 1.30.6: Was ist neu?',
  description: 'Versionshinweise zum Update.',
  tags: ['Release', 'Version 1.30.6'],
  kind: 'NEWS',
  digiNetOnly: false,
  isDeleted: false,
  isUnread: true,
  version: 3,
  latestVersion: { id: 'ver-1-2', docVersion: 2, uploadedAt: '2026-03-02T09:30:00.000Z' },
};
const digiNet = {
  ...release,
  id: 'doc-2',
  title: 'DigiNet: Follow-up-Visite',
  description: '',
  tags: [],
  digiNetOnly: true,
  isUnread: false,
  latestVersion: { id: 'ver-2-1', docVersion: 1, uploadedAt: '2026-02-27T23:30:00.000Z' },
};

function setup(capabilities: { create: boolean; update: boolean; delete: boolean }, documents: (typeof release)[]) {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      Viewer: () => ({ newsDocumentCapabilities: capabilities }),
      NewsDocumentConnection: () => ({ edges: documents.map((node) => ({ cursor: node.id, node })), pageInfo: { hasNextPage: false } }),
    }),
  );
  renderWithProviders(
    <Suspense fallback="…">
      <NewsDocumentsScreen />
    </Suspense>,
    { path: '/newsDocuments', environment, screenQuery: newsDocumentsScreenQuery, variables: { first: 50 } },
  );
  return { environment, user: userEvent.setup() };
}

describe('NewsDocumentsScreen', () => {
  it('lists each news item with title, description, marks, tags, version and date, and a download for every reader', async () => {
    setup({ create: false, update: false, delete: false }, [release, digiNet]);
    const table = await screen.findByRole('table', { name: 'News' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        'eCRF-Version 1.30.6: Was ist neu?NeuVersionshinweise zum Update.',
        'ReleaseVersion 1.30.6',
        'Version 2',
        '02.03.2026',
        'Herunterladen',
      ],
      // The registry's day (Europe/Berlin): 23:30 UTC is the next day.
      ['DigiNet: Follow-up-VisiteDigiNet', '', 'Version 1', '28.02.2026', 'Herunterladen'],
    ]);
    expect(screen.getByRole('button', { name: 'Herunterladen: eCRF-Version 1.30.6: Was ist neu?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'News hochladen' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Neue Version hochladen/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Löschen/ })).toBeNull();
    expect(screen.queryByLabelText('Gelöschte anzeigen')).toBeNull();
  });

  it('offers editors the upload, a new version, editing, deleting and the deleted documents', async () => {
    const { user } = setup({ create: true, update: true, delete: true }, [release]);
    await screen.findByRole('table', { name: 'News' });
    expect(screen.getByRole('button', { name: 'Bearbeiten: eCRF-Version 1.30.6: Was ist neu?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Löschen: eCRF-Version 1.30.6: Was ist neu?' })).toBeTruthy();
    expect(screen.getByLabelText('Gelöschte anzeigen')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Neue Version hochladen: eCRF-Version 1.30.6: Was ist neu?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neue Version: eCRF-Version 1.30.6: Was ist neu?' });
    expect(within(dialog).getByText('Die hochgeladene Datei wird Version 3; die bisherigen Versionen bleiben erhalten.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await user.click(screen.getByRole('button', { name: 'News hochladen' }));
    expect(await screen.findByRole('dialog', { name: 'News hochladen' })).toBeTruthy();
  });

  it('says so when there are no news yet', async () => {
    setup({ create: false, update: false, delete: false }, []);
    expect(await screen.findByText('Es gibt noch keine News.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'News' })).toBeTruthy();
  });
});

import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { EditNewsDocumentDialogTestQuery } from '../__generated__/EditNewsDocumentDialogTestQuery.graphql';
import { renderWithProviders } from '../testing/renderWithProviders';
import { EditNewsDocumentDialog } from './EditNewsDocumentDialog';

function Dialog({ onSaved }: { onSaved: (message: string) => void }) {
  const { newsDocumentByIdentifier } = useLazyLoadQuery<EditNewsDocumentDialogTestQuery>(
    graphql`
      query EditNewsDocumentDialogTestQuery {
        newsDocumentByIdentifier(identifier: "legende") {
          ...EditNewsDocumentDialog_newsDocument
        }
      }
    `,
    {},
  );
  return newsDocumentByIdentifier ? (
    <EditNewsDocumentDialog newsDocument={newsDocumentByIdentifier} onClose={() => undefined} onSaved={onSaved} />
  ) : null;
}

const stored = {
  id: 'doc-1',
  identifier: 'legende',
  kind: 'LEGEND',
  title: 'Legende',
  description: 'Status und Symbole',
  order: 0,
  tags: ['Legende'],
  digiNetOnly: false,
  version: 2,
};

describe('EditNewsDocumentDialog', () => {
  it('saves the metadata as a whole with the version read, and shows a refusal at its field', async () => {
    const environment = createMockEnvironment();
    environment.mock.queueOperationResolver((operation) => MockPayloadGenerator.generate(operation, { NewsDocument: () => stored }));
    const onSaved = vi.fn();
    renderWithProviders(
      <Suspense fallback="…">
        <Dialog onSaved={onSaved} />
      </Suspense>,
      { environment },
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Dokument bearbeiten: Legende' });
    await user.clear(within(dialog).getByLabelText('Titel'));
    await user.type(within(dialog).getByLabelText('Titel'), 'Legende der Symbole');
    await user.selectOptions(within(dialog).getByLabelText('Bereich'), 'Document');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));

    const mutation = environment.mock.getMostRecentOperation();
    expect(mutation.request.variables.input).toEqual({
      id: 'doc-1',
      version: 2,
      identifier: 'legende',
      kind: 'DOCUMENT',
      title: 'Legende der Symbole',
      description: 'Status und Symbole',
      order: 0,
      tags: ['Legende'],
      digiNetOnly: false,
    });
    const taken = 'Diese Kennung ist bereits vergeben.';
    environment.mock.resolve(mutation, {
      data: { updateNewsDocument: { newsDocument: null, errors: [{ code: 'ALREADY_EXISTS', path: ['identifier'], message: taken }] } },
    });
    expect(await within(dialog).findByText(taken)).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    const again = environment.mock.getMostRecentOperation();
    environment.mock.resolve(again, { data: { updateNewsDocument: { newsDocument: null, errors: [] } } });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('„Legende der Symbole“ gespeichert'));
  });
});

import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { QueryType } from '@ecrf/rules';
import type { DataQueryButtonTestQuery } from '../__generated__/DataQueryButtonTestQuery.graphql';
import { renderWithProviders } from '../testing/renderWithProviders';
import { DataQueryButton } from './DataQueryButton';
import type { DataQueryTargets } from './dataQueryTargets';
import type { RaiseTarget } from './raiseDecisions';

const roles = ['Physician', 'DataManager', 'MasterDataManager'];
const plausibility: QueryType = {
  id: 'plausibility',
  identifier: 'plausibility',
  displayKey: 'qt.plausibility',
  canView: roles,
  canCreate: roles,
  canEdit: roles,
  canAccept: ['DataManager'],
  canAnswer: ['Physician'],
  canRevoke: roles,
  canSolve: roles,
  canDefer: ['DataManager'],
};

function targetsFor(roleIdentifier: string, rights: string[]): DataQueryTargets {
  return {
    studyPatientId: 'sp-1',
    locationId: 'loc-a',
    viewer: { roleIdentifier, rights, locationIds: ['loc-a'] },
    queryTypes: [plausibility],
    flagTypes: [],
    text: (key) => (key === 'qt.plausibility' ? 'Plausibilität' : key),
    canSee: rights.includes('QueryGetCmd'),
    canRaise: rights.includes('QueryCreateCmd'),
    canVerify: false,
  };
}

function Button(props: { targets: DataQueryTargets; target: RaiseTarget; compact?: boolean }) {
  const { studyPatient } = useLazyLoadQuery<DataQueryButtonTestQuery>(
    graphql`
      query DataQueryButtonTestQuery {
        studyPatient(id: "sp-1") {
          ...DataQueryButton_studyPatient
        }
      }
    `,
    {},
  );
  return studyPatient ? (
    <DataQueryButton studyPatient={studyPatient} subject={{ kind: 'DATA_FIELD', id: 'field-1', label: 'Tumorgröße' }} {...props} />
  ) : null;
}

const query = (id: string, status: string, fieldId: string) => ({
  id,
  status,
  subject: 'DATA_FIELD',
  dataField: { id: fieldId },
  visit: null,
  instrument: null,
  title: `Query ${id}`,
  thread: [],
});

function setup(targets: DataQueryTargets, target: RaiseTarget, compact = false, onFormSubmit = () => undefined) {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      StudyPatient: () => ({
        id: 'sp-1',
        allDataQueries: [query('q-1', 'OPEN', 'field-1'), query('q-2', 'CLOSED', 'field-1'), query('q-3', 'OPEN', 'field-2')],
      }),
    }),
  );
  // The field buttons stand inside the documentation form, whose submit saves the instrument.
  renderWithProviders(
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onFormSubmit();
      }}
    >
      <Suspense fallback="…">
        <Button targets={targets} target={target} compact={compact} />
      </Suspense>
    </form>,
    { environment },
  );
  return { environment, user: userEvent.setup() };
}

const baseline: RaiseTarget = { locationId: 'loc-a', visit: { identifier: 'baseline', isFollowUpRegistry: false } };
const followUp: RaiseTarget = { locationId: 'loc-a', visit: { identifier: 'fu' } };
const raising = ['QueryGetCmd', 'QueryCreateCmd'];

describe('DataQueryButton', () => {
  it('counts the open queries of its own field only', async () => {
    setup(targetsFor('Physician', raising), baseline);
    expect(await screen.findByRole('button', { name: 'Queries (1 offen)' })).toBeTruthy();
  });

  it('shows a small counter on a field, named for screen readers', async () => {
    setup(targetsFor('Physician', raising), baseline, true);
    const badge = await screen.findByRole('button', { name: 'Queries zu Tumorgröße: 1 offen, 2 insgesamt' });
    expect(badge.textContent).toContain('1');
  });

  it('is hidden when the viewer can neither see nor raise queries', async () => {
    setup(targetsFor('Billing', []), baseline);
    // Loaded (the fallback is gone), yet nothing to show.
    await waitFor(() => expect(screen.queryByText('…')).toBeNull());
    expect(screen.queryByRole('button', { name: /Queries/ })).toBeNull();
  });

  it('raises a query with type, title, text and priority, without saving the form around the field', async () => {
    const saves = vi.fn();
    const { environment, user } = setup(targetsFor('Physician', raising), baseline, false, saves);
    await user.click(await screen.findByRole('button', { name: 'Queries (1 offen)' }));
    const dialog = screen.getByRole('dialog', { name: 'Queries: Feld Tumorgröße' });
    expect(within(dialog).getByRole('option', { name: 'Plausibilität' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Query stellen' }));
    expect(within(dialog).getByText('Bitte geben Sie einen Titel ein. Bitte geben Sie einen Text ein.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Titel'), 'Einheit fehlt');
    await user.type(within(dialog).getByLabelText('Text'), 'Bitte die Einheit ergänzen.');
    await user.selectOptions(within(dialog).getByLabelText('Priorität'), 'Hoch');
    await user.click(within(dialog).getByRole('button', { name: 'Query stellen' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('CreateDataQueryMutation');
    expect(operation.request.variables.input).toEqual({
      subjectId: 'field-1',
      queryTypeIdentifier: 'plausibility',
      title: 'Einheit fehlt',
      text: 'Bitte die Einheit ergänzen.',
      priority: 'HIGH',
    });
    expect(saves).not.toHaveBeenCalled();
  });

  it('tells a MasterDataManager on a follow-up visit why raising is refused, before anything is sent', async () => {
    const { environment, user } = setup(targetsFor('MasterDataManager', raising), followUp);
    await user.click(await screen.findByRole('button', { name: 'Queries (1 offen)' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('alert').textContent).toContain('Seit dem 01.05.2025');
    const submit = within(dialog).getByRole('button', { name: 'Query stellen' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('offers the viewer\u2019s templates and fills title, text and type from one', async () => {
    const targets = targetsFor('Physician', [...raising, 'QueryTemplateGetMyCmd']);
    const { environment, user } = setup(targets, baseline);
    await user.click(await screen.findByRole('button', { name: 'Queries (1 offen)' }));
    environment.mock.resolveMostRecentOperation((operation) =>
      MockPayloadGenerator.generate(operation, {
        DataQueryTemplate: () => ({
          id: 't-1',
          title: 'Einheit',
          text: 'Bitte die Einheit ergänzen.',
          queryTypeIdentifier: 'plausibility',
        }),
      }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(await within(dialog).findByLabelText('Vorlage'), 'Einheit');
    expect((within(dialog).getByLabelText('Titel') as HTMLInputElement).value).toBe('Einheit');
    expect((within(dialog).getByLabelText('Text') as HTMLTextAreaElement).value).toBe('Bitte die Einheit ergänzen.');
  });
});

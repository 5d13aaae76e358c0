import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { DataQueryCardTestQuery } from '../__generated__/DataQueryCardTestQuery.graphql';
import { renderWithProviders } from '../testing/renderWithProviders';
import { DataQueryCard } from './DataQueryCard';

function Card() {
  const { myLatestDataQueries } = useLazyLoadQuery<DataQueryCardTestQuery>(
    graphql`
      query DataQueryCardTestQuery {
        myLatestDataQueries(studyId: "study-1", latestCount: 1) {
          ...DataQueryCard_dataQuery
        }
      }
    `,
    {},
  );
  const [node] = myLatestDataQueries;
  return node ? (
    <DataQueryCard dataQuery={node} typeLabel={(identifier) => (identifier === 'plausibility' ? 'Plausibilität' : identifier)} />
  ) : null;
}

const allowed = { allowed: true, reason: null };
const refused = (reason: string) => ({ allowed: false, reason });

function setup(viewerCan: Record<string, { allowed: boolean; reason: string | null }>, status = 'PENDING', onFormSubmit = () => undefined) {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      DataQuery: () => ({
        id: 'q-1',
        title: 'Tumorgröße prüfen',
        text: 'Bitte die Tumorgröße prüfen.',
        priority: 'HIGH',
        status,
        answerStage: 'ANSWERED',
        createdByDisplayName: 'Dora Daten',
        createdAt: '2026-11-20T09:00:00.000Z',
        version: 2,
        queryType: { identifier: 'plausibility' },
        subject: 'DATA_FIELD',
        fieldLabel: 'Tumorgröße',
        formLabel: 'Befund',
        target: { studyPatientId: 'P1', visitId: 'V1', instrumentId: 'I1', dataFieldId: 'F1' },
        thread: [
          {
            kind: 'CREATE',
            displayName: 'Dora Daten',
            roleName: 'Datenmanager',
            at: '2026-11-20T09:00:00.000Z',
            text: 'Bitte die Tumorgröße prüfen.',
            status: 'OPEN',
          },
          {
            kind: 'ANSWER',
            displayName: 'Dr. Paul Arzt',
            roleName: 'Arzt',
            at: '2026-11-21T10:30:00.000Z',
            text: 'Laut Befund 3,2 cm.',
            status: 'PENDING',
          },
        ],
        viewerCan: {
          edit: refused('MISSING_RIGHT'),
          answer: refused('WRONG_STATUS'),
          accept: allowed,
          revoke: refused('ROLE_NOT_ALLOWED'),
          solve: refused('WRONG_STATUS'),
          defer: refused('OTHER_LOCATION'),
          ...viewerCan,
        },
      }),
    }),
  );
  // A field's query dialog opens inside the documentation form, whose submit saves the instrument.
  renderWithProviders(
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onFormSubmit();
      }}
    >
      <Suspense fallback="…">
        <Card />
      </Suspense>
    </form>,
    { environment },
  );
  return { environment, user: userEvent.setup() };
}

describe('DataQueryCard', () => {
  it('shows the thread: who by display name, in which role, what, and the status each step left', async () => {
    setup({});
    const thread = within(await screen.findByRole('list'));
    const steps = thread.getAllByRole('listitem');
    expect(steps).toHaveLength(2);
    expect(steps[0]?.textContent).toContain('Gestellt');
    expect(steps[0]?.textContent).toContain('Dora Daten, Rolle Datenmanager');
    expect(steps[1]?.textContent).toContain('Beantwortet');
    expect(steps[1]?.textContent).toContain('Dr. Paul Arzt, Rolle Arzt');
    expect(screen.getByText(/Gestellt von Dora Daten am/)).toBeTruthy();
    expect(steps[1]?.textContent).toContain('Laut Befund 3,2 cm.');
    expect(steps[1]?.textContent).toContain('Status danach: In Prüfung');
    expect(screen.getByText(/Plausibilität/)).toBeTruthy();
  });

  it('names the field and its form and links to the form, opened at the field', async () => {
    setup({});
    const link = await screen.findByRole('link', { name: 'Tumorgröße in Befund' });
    expect(link.getAttribute('href')).toBe('/patient/P1/visit/V1/instrument/I1/edit?field=F1');
  });

  it('offers only the allowed actions and says in German why others are not possible now', async () => {
    setup({});
    await screen.findByRole('button', { name: 'Akzeptieren: Tumorgröße prüfen' });
    expect(screen.queryByRole('button', { name: /^Beantworten/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Ändern/ })).toBeNull();
    expect(
      screen.getByText('Beantworten, Lösen nicht möglich: Im aktuellen Status des Queries ist diese Aktion nicht möglich.'),
    ).toBeTruthy();
    expect(screen.getByText('Zurückstellen nicht möglich: Dieser Query gehört zu einem anderen Standort.')).toBeTruthy();
    // Actions the role may never take are not explained on every query.
    expect(screen.queryByText(/Zurückziehen nicht möglich/)).toBeNull();
  });

  it('asks for the answer before answering, then sends it with the version read (and nothing else)', async () => {
    const saves = vi.fn();
    const { environment, user } = setup({ answer: allowed, accept: refused('WRONG_STATUS') }, 'OPEN', saves);
    await user.click(await screen.findByRole('button', { name: 'Beantworten: Tumorgröße prüfen' }));
    const form = screen.getByRole('form', { name: 'Beantworten: Tumorgröße prüfen' });
    await user.click(within(form).getByRole('button', { name: 'Beantworten' }));
    expect(screen.getByText('Bitte geben Sie eine Antwort ein.')).toBeTruthy();
    await user.type(within(form).getByLabelText('Antwort'), 'Laut Befund 3,2 cm.');
    await user.click(within(form).getByRole('button', { name: 'Beantworten' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('AnswerDataQueryMutation');
    expect(operation.request.variables.input).toEqual({ id: 'q-1', version: 2, text: 'Laut Befund 3,2 cm.' });
    expect(saves).not.toHaveBeenCalled();
  });
});

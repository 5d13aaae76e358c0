import { screen, waitFor } from '@testing-library/react';
import { diagnosisInstrument } from '@ecrf/rules/test-utils';
import { MockPayloadGenerator, createMockEnvironment } from 'relay-test-utils';
import type { GraphQLSingularResponse, OperationDescriptor } from 'relay-runtime';
import { describe, expect, it, vi } from 'vitest';
import { renderForm } from './formTestKit';

// jsdom does not upgrade Primer's live-region element, through which the menu announces its results.
vi.mock('@primer/live-region-element', () => ({ announce: vi.fn(), announceFromElement: vi.fn() }));

const icd10 = [
  { code: 'C34.1', display: 'Oberlappen (-Bronchus)' },
  { code: 'C34.3', display: 'Unterlappen (-Bronchus)' },
];

/** The diagnosis form with its ICD-10 field picking from the icd-10-gm collection. */
const fields = diagnosisInstrument.fields.map((field) =>
  field.identifier === 'icd10' ? { ...field, definition: { ...field.definition, terminology: 'icd-10-gm' } } : field,
);

/** A graph that answers the picker's searches from `icd10` and records them. */
function terminologyGraph() {
  const environment = createMockEnvironment();
  const searches: unknown[] = [];
  // A queued resolver answers one operation: each answer queues the next.
  const answer = (operation: OperationDescriptor): GraphQLSingularResponse => {
    environment.mock.queueOperationResolver((next) => answer(next));
    const { search, code } = operation.request.variables as { search: string; code: string };
    searches.push(search);
    const found = icd10.filter((entry) => `${entry.code} ${entry.display}`.toLowerCase().includes(search.toLowerCase()));
    return MockPayloadGenerator.generate(operation, {
      Query: () => ({
        terminology: { edges: found.map((node) => ({ node })) },
        terminologyCode: icd10.find((entry) => entry.code === code) ?? null,
      }),
    });
  };
  environment.mock.queueOperationResolver(answer);
  return { environment, searches };
}

describe('TerminologyField', () => {
  it('searches the collection once the user pauses typing and stores the picked code', async () => {
    const { environment, searches } = terminologyGraph();
    const s = renderForm(fields, [], { environment });
    const input = screen.getByRole('combobox', { name: /^ICD-10/ });
    await s.user.type(input, 'ober');
    await waitFor(() => expect(searches).toContain('ober'));
    // The whole collection on opening, then one search for the typed word, not one per key.
    expect(searches).toEqual(['', 'ober']);
    await s.user.click(await screen.findByRole('option', { name: 'C34.1 Oberlappen (-Bronchus)' }));
    expect(s.instancesOf('f-icd10')[0]?.values).toEqual([{ value: 'C34.1' }]);
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('C34.1 Oberlappen (-Bronchus)'));
  });
});

import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { DocumentationDownloadFormTestQuery } from '../../__generated__/DocumentationDownloadFormTestQuery.graphql';
import { DocumentationDownloadForm } from './DocumentationDownloadForm';
import { renderWithProviders } from '../../testing/renderWithProviders';

function Harness() {
  const data = useLazyLoadQuery<DocumentationDownloadFormTestQuery>(
    graphql`
      query DocumentationDownloadFormTestQuery @relay_test_operation {
        studyDefinitions {
          ...DocumentationDownloadForm_studyDefinitions
        }
      }
    `,
    {},
  );
  return <DocumentationDownloadForm studyDefinitions={data.studyDefinitions} />;
}

function setup() {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      StudyDefinition: () => ({
        id: 'sd-1',
        displayName: 'nNGM Lungenkrebsregister',
        version: 2,
        languages: [{ identifier: 'de' }, { identifier: 'en' }],
      }),
    }),
  );
  renderWithProviders(
    <Suspense fallback="…">
      <Harness />
    </Suspense>,
    { environment },
  );
  return { environment, user: userEvent.setup() };
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:dokument');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('DocumentationDownloadForm', () => {
  it('offers the definitions, their languages and the four documents in German', async () => {
    setup();
    expect((await screen.findByRole('combobox', { name: 'Studiendefinition' })).textContent).toContain(
      'nNGM Lungenkrebsregister (Version 2)',
    );
    expect(screen.getByRole('combobox', { name: 'Sprache' }).textContent).toBe('DeutschEnglisch');
    for (const name of ['Funktionale Spezifikation erzeugen', 'eCRF erzeugen', 'eCRF-Ansicht erzeugen', 'Gesamtdokumentation erzeugen']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('generates a document, downloads it and lists it', async () => {
    const { environment, user } = setup();
    await screen.findByRole('combobox', { name: 'Sprache' });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'en');
    await user.click(screen.getByRole('button', { name: 'eCRF-Ansicht erzeugen' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.input).toEqual({ studyDefinitionId: 'sd-1', languageIdentifier: 'en', kind: 'ECRF_VIEW' });
    environment.mock.resolve(operation, {
      data: {
        generateDocumentation: {
          document: {
            fileName: 'nngm_lung-v2-ecrf-view-en.pdf',
            contentType: 'application/pdf',
            contentBase64: btoa('%PDF-1.3'),
            byteSize: 2048,
          },
        },
      },
    });
    expect(await screen.findByRole('link', { name: 'nngm_lung-v2-ecrf-view-en.pdf' })).toBeTruthy();
    expect(screen.getByText(/2,0 KB/)).toBeTruthy();
    expect(click).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('eCRF-Ansicht wurde erzeugt')).toBeTruthy();
  });
});

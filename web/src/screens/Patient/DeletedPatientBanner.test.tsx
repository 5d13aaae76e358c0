import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { DeletedPatientBannerTestQuery } from '../../__generated__/DeletedPatientBannerTestQuery.graphql';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { DeletedPatientBanner } from './DeletedPatientBanner';

function Patient() {
  const { studyPatient } = useLazyLoadQuery<DeletedPatientBannerTestQuery>(
    graphql`
      query DeletedPatientBannerTestQuery {
        studyPatient(id: "sp-1") {
          ...DeletedPatientBanner_studyPatient
        }
      }
    `,
    {},
  );
  return studyPatient ? <DeletedPatientBanner studyPatient={studyPatient} /> : null;
}

function show(patient: { isDeleted: boolean; isMerged: boolean; mergedInto: { id: string; pseudonym: string } | null }) {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      // The survivor is a StudyPatient too: it gets its own values.
      StudyPatient: (context) => (context.path?.includes('mergedInto') ? { ...patient.mergedInto } : { id: 'sp-1', ...patient }),
    }),
  );
  renderWithProviders(
    <Suspense fallback="…">
      <Patient />
    </Suspense>,
    { environment },
  );
}

describe('DeletedPatientBanner (a deleted or merged study patient says so, issue 17)', () => {
  it('says nothing for a patient in use', async () => {
    show({ isDeleted: false, isMerged: false, mergedInto: null });
    await waitFor(() => expect(screen.queryByText('…')).toBeNull());
    expect(screen.queryByText(/gelöscht/)).toBeNull();
  });

  it('says that a deleted patient can only be read', async () => {
    show({ isDeleted: true, isMerged: false, mergedInto: null });
    expect(await screen.findByText('Dieser Patient ist gelöscht. Seine Dokumentation kann nur noch gelesen werden.')).toBeTruthy();
  });

  it('names and links the patient a merged one was joined into', async () => {
    show({ isDeleted: true, isMerged: true, mergedInto: { id: 'sp-2', pseudonym: 'P4PE8TJTU' } });
    expect(await screen.findByText(/^Dieser Patient wurde als dieselbe Person mit P4PE8TJTU zusammengeführt und gelöscht\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zu Patient P4PE8TJTU' }).getAttribute('href')).toBe('/patient/sp-2');
  });

  it('says where the documentation went when the viewer may not see the survivor', async () => {
    show({ isDeleted: true, isMerged: true, mergedInto: null });
    expect(await screen.findByText(/an einem Standort, den Sie nicht sehen\.$/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

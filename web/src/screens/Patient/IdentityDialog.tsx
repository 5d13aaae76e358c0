import { Suspense, useState } from 'react';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import { Heading } from '@primer/react';
import type { IdentityDialogQuery } from '../../__generated__/IdentityDialogQuery.graphql';
import type { IdentityDialog_studyPatient$key } from '../../__generated__/IdentityDialog_studyPatient.graphql';
import { FormDialog } from '../../administration/FormDialog';
import { formatAuditTime } from '../../audit/auditFormat';
import { PageSpinner } from '../../components/PageSpinner';
import { useFeedback } from '../../feedback/feedbackContext';
import { useUpdatePatientMasterDataMutation } from '../../mutations/UpdatePatientMasterDataMutation';
import { IdentityFields } from '../../patients/IdentityFields';
import { formOf, identityInput } from '../../patients/identityForm';
import { useIdentityForm } from '../../patients/useIdentityForm';
import { texts } from '../../texts';
import adminStyles from '../../administration/AdminTable.module.css';
import styles from '../../patients/Patient.module.css';

const t = texts.identity;
type Props = { studyPatientId: string; onClose: () => void };

/**
 * The master data update of the machine-learning variant (ecrf-calls.md §3): the identity at the
 * pseudonymisation service with the rules of /patientCreate, and its change log (field names only).
 * Identity and log load when the dialog opens, so the patient screen does not read the log.
 */
export function IdentityDialog(props: Props) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <IdentityDialogContent {...props} />
    </Suspense>
  );
}

function IdentityDialogContent({ studyPatientId, onClose }: Props) {
  const { studyPatient } = useLazyLoadQuery<IdentityDialogQuery>(
    graphql`
      query IdentityDialogQuery($id: ID!) {
        studyPatient(id: $id) {
          id
          pseudonym
          ...IdentityDialog_studyPatient
        }
      }
    `,
    { id: studyPatientId },
    { fetchPolicy: 'network-only' },
  );
  if (!studyPatient) return null;
  return (
    <IdentityEditor studyPatientId={studyPatient.id} pseudonym={studyPatient.pseudonym} studyPatient={studyPatient} onClose={onClose} />
  );
}

type EditorProps = Props & { pseudonym: string; studyPatient: IdentityDialog_studyPatient$key };

function IdentityEditor({ studyPatientId, pseudonym, studyPatient, onClose }: EditorProps) {
  const { identity, masterDataChanges } = useFragment(
    graphql`
      fragment IdentityDialog_studyPatient on StudyPatient {
        identity {
          firstName
          lastName
          birthName
          birthDate
          gender
          street
          zip
          city
          insuranceNumber
        }
        masterDataChanges {
          edges {
            node {
              changedAt
              userName
              variant
              fieldNames
            }
          }
        }
      }
    `,
    studyPatient,
  );
  const state = useIdentityForm(formOf(identity ?? {}));
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [update, busy] = useUpdatePatientMasterDataMutation();
  const feedback = useFeedback();

  const submit = () => {
    if (!state.checkAll()) return;
    update({
      variables: { input: { studyPatientId, identity: identityInput(state.form) } },
      onCompleted: ({ updatePatientMasterData: answer }) => {
        setFormErrors(state.placeServerErrors(answer.errors));
        if (answer.errors.length > 0) return;
        feedback.showSnackbar(t.saved(answer.changedFields.length));
        onClose();
      },
    });
  };

  return (
    <FormDialog
      title={t.editTitle(pseudonym)}
      width="xlarge"
      busy={busy}
      onSubmit={submit}
      onCancel={onClose}
      formErrors={formErrors}
      className={adminStyles.form}
    >
      <IdentityFields state={state} />
      <section aria-labelledby="identity-changes-heading">
        <Heading as="h2" id="identity-changes-heading" className={styles.sectionHeading}>
          {t.changesHeading}
        </Heading>
        {masterDataChanges.edges.length === 0 ? (
          <p className={adminStyles.muted}>{t.noChanges}</p>
        ) : (
          <ul aria-labelledby="identity-changes-heading">
            {masterDataChanges.edges.map(({ node: change }) => (
              <li key={`${change.changedAt}-${change.variant}-${change.fieldNames.join()}`}>
                {`${t.changeEntry(change.userName, formatAuditTime(change.changedAt))} (${t.variants[change.variant as keyof typeof t.variants] ?? change.variant}): `}
                {change.fieldNames.map((name) => t.fieldNames[name] ?? name).join(', ')}
              </li>
            ))}
          </ul>
        )}
      </section>
    </FormDialog>
  );
}

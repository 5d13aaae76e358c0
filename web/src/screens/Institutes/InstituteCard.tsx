import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Button, Heading, Label, useConfirm } from '@primer/react';
import { useNavigate } from 'react-router';
import type { InstituteCard_institute$key } from '../../__generated__/InstituteCard_institute.graphql';
import { useFeedback } from '../../feedback/feedbackContext';
import { useDeleteInstituteMutation } from '../../mutations/DeleteInstituteMutation';
import { useRemoveUserFromLocationMutation } from '../../mutations/RemoveUserFromLocationMutation';
import { useRestoreInstituteMutation } from '../../mutations/RestoreInstituteMutation';
import { texts } from '../../texts';
import styles from './Institutes.module.css';
import { AssignUserForm } from './AssignUserForm';
import { InstituteFormDialog } from './InstituteFormDialog';
import { locationLabel } from '../../location/locationLabel';

export type InstituteCapabilities = {
  readonly canEditInstitute: boolean;
  readonly canDeleteInstitute: boolean;
  readonly canRestoreInstitute: boolean;
  readonly canAssignUsers: boolean;
  readonly canRemoveUsers: boolean;
  readonly canReadRecordHistory: boolean;
};

type Props = { institute: InstituteCard_institute$key; capabilities: InstituteCapabilities };
type Result = { readonly changed: boolean; readonly errors: readonly { readonly message: string }[] } | null | undefined;

/** One institute: its data, deletion check, and per location the assigned users. */
export function InstituteCard({ institute, capabilities: can }: Props) {
  const data = useFragment(
    graphql`
      fragment InstituteCard_institute on Institute {
        id
        identifier
        displayName
        isDigiNet
        isDeleted
        street
        postalCode
        city
        phone
        deletionCheck {
          canBeDeleted
          assignedUsersCount
          studyPatientsCount
        }
        locations {
          id
          isDeleted
          users {
            edges {
              node {
                id
                userName
                displayName
              }
            }
          }
        }
        ...InstituteFormDialog_institute
      }
    `,
    institute,
  );
  const [editing, setEditing] = useState(false);
  const [remove] = useDeleteInstituteMutation();
  const [restore] = useRestoreInstituteMutation();
  const [removeUser] = useRemoveUserFromLocationMutation();
  const confirm = useConfirm();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const label = locationLabel(data);
  const check = data.deletionCheck;

  const report = (result: Result, success: string) => {
    const errors = result?.errors ?? [];
    if (errors.length > 0) feedback.showAlert(errors.map((error) => error.message).join(', '));
    else feedback.showSnackbar(success);
  };
  const onDelete = async () => {
    if (
      !(await confirm({
        title: texts.institutes.delete,
        content: texts.institutes.confirmDelete(label),
        confirmButtonType: 'danger',
        confirmButtonContent: texts.institutes.delete,
        cancelButtonContent: texts.admin.cancel,
      }))
    )
      return;
    remove({ variables: { input: { id: data.id } }, onCompleted: (answer) => report(answer.deleteInstitute, texts.admin.saved) });
  };
  const address = [data.street, [data.postalCode, data.city].filter(Boolean).join(' '), data.phone].filter(Boolean).join(', ');
  const locations = data.locations.filter((location) => !location.isDeleted);

  return (
    <article className={styles.card} aria-labelledby={`institute-${data.id}`}>
      <header className={styles.cardHeader}>
        <Heading as="h2" id={`institute-${data.id}`} className={styles.cardTitle}>
          {label}
        </Heading>
        {data.isDigiNet && <Label variant="accent">{texts.institutes.digiNet}</Label>}
        {data.isDeleted && <Label variant="danger">{texts.institutes.deleted}</Label>}
      </header>
      {address !== '' && <p className={styles.address}>{address}</p>}
      <div className={styles.actions}>
        {can.canEditInstitute && !data.isDeleted && (
          <Button size="small" onClick={() => setEditing(true)} aria-label={`${texts.institutes.edit}: ${label}`}>
            {texts.institutes.edit}
          </Button>
        )}
        {can.canDeleteInstitute && !data.isDeleted && (
          <Button
            size="small"
            variant="danger"
            disabled={!check.canBeDeleted}
            onClick={() => void onDelete()}
            aria-label={`${texts.institutes.delete}: ${label}`}
          >
            {texts.institutes.delete}
          </Button>
        )}
        {can.canRestoreInstitute && data.isDeleted && (
          <Button
            size="small"
            onClick={() =>
              restore({
                variables: { input: { id: data.id } },
                onCompleted: (answer) => report(answer.restoreInstitute, texts.admin.saved),
              })
            }
            aria-label={`${texts.institutes.restore}: ${label}`}
          >
            {texts.institutes.restore}
          </Button>
        )}
        {can.canReadRecordHistory && (
          <Button
            size="small"
            variant="invisible"
            onClick={() => void navigate(`/admin/audittrail?record=${encodeURIComponent(data.id)}`)}
            aria-label={`${texts.admin.history}: ${label}`}
          >
            {texts.admin.history}
          </Button>
        )}
      </div>
      {can.canDeleteInstitute && !data.isDeleted && !check.canBeDeleted && (
        <p className={styles.note}>{texts.institutes.notDeletable(check.assignedUsersCount, check.studyPatientsCount)}</p>
      )}
      {locations.map((location) => (
        <section key={location.id} className={styles.location} aria-label={`${texts.institutes.users}: ${label}`}>
          <Heading as="h3" className={styles.locationTitle}>
            {texts.institutes.users}
          </Heading>
          {location.users == null ? null : location.users.edges.length === 0 ? (
            <p className={styles.note}>{texts.institutes.noUsers}</p>
          ) : (
            <ul className={styles.users}>
              {location.users.edges.map(({ node: user }) => (
                <li key={user.id}>
                  <span>{`${user.displayName} (${user.userName})`}</span>
                  {can.canRemoveUsers && (
                    <Button
                      size="small"
                      variant="invisible"
                      aria-label={texts.institutes.removeUser(user.userName)}
                      onClick={() =>
                        removeUser({
                          variables: { input: { locationId: location.id, userId: user.id } },
                          onCompleted: (answer) => report(answer.removeUserFromLocation, texts.institutes.removed(user.displayName, label)),
                        })
                      }
                    >
                      {texts.institutes.remove}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {can.canAssignUsers && !data.isDeleted && (
            <AssignUserForm
              locationId={location.id}
              locationLabel={label}
              assignedIds={(location.users?.edges ?? []).map(({ node }) => node.id)}
            />
          )}
        </section>
      ))}
      {editing && <InstituteFormDialog institute={data} onClose={() => setEditing(false)} />}
    </article>
  );
}

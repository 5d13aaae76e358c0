import { Suspense, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Button, FormControl, Select } from '@primer/react';
import type { AssignUserFormQuery } from '../../__generated__/AssignUserFormQuery.graphql';
import { PageSpinner } from '../../components/PageSpinner';
import { useFeedback } from '../../feedback/feedbackContext';
import { useAssignUserToLocationMutation } from '../../mutations/AssignUserToLocationMutation';
import { texts } from '../../texts';
import styles from './Institutes.module.css';

type Props = { locationId: string; locationLabel: string; assignedIds: readonly string[] };

/**
 * Assigns one more user to a location (nms_system_api ecrfStudyInstitute/{id}/assignUser). The user list
 * loads when the picker opens, so the institutes screen stays one query.
 */
export function AssignUserForm(props: Props) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button size="small" onClick={() => setOpen(true)} aria-label={`${texts.institutes.assignUser}: ${props.locationLabel}`}>
        {texts.institutes.assignUser}
      </Button>
    );
  }
  return (
    <Suspense fallback={<PageSpinner />}>
      <Picker {...props} onDone={() => setOpen(false)} />
    </Suspense>
  );
}

// Every user of the registry is offered; passed as a variable (the cost limit counts literal sizes only).
const USER_COUNT = 500;

function Picker({ locationId, locationLabel, assignedIds, onDone }: Props & { onDone: () => void }) {
  const { users } = useLazyLoadQuery<AssignUserFormQuery>(
    graphql`
      query AssignUserFormQuery($count: Int!) {
        users(first: $count, orderBy: { field: USER_NAME }) {
          edges {
            node {
              id
              userName
              displayName
            }
          }
        }
      }
    `,
    { count: USER_COUNT },
    { fetchPolicy: 'store-and-network' },
  );
  const [userId, setUserId] = useState('');
  const [assign, busy] = useAssignUserToLocationMutation();
  const feedback = useFeedback();
  const candidates = users.edges.map((edge) => edge.node).filter((user) => !assignedIds.includes(user.id));
  const chosen = candidates.find((user) => user.id === userId);

  const submit = () => {
    if (!chosen) return;
    assign({
      variables: { input: { locationId, userId: chosen.id } },
      onCompleted: (answer) => {
        const errors = answer.assignUserToLocation.errors;
        if (errors.length > 0) feedback.showAlert(errors.map((error) => error.message).join(', '));
        else feedback.showSnackbar(texts.institutes.assigned(chosen.displayName, locationLabel));
        onDone();
      },
    });
  };

  return (
    <div className={styles.assign}>
      <FormControl>
        <FormControl.Label>{`${texts.institutes.assignUser}: ${locationLabel}`}</FormControl.Label>
        <Select value={userId} onChange={(event) => setUserId(event.target.value)}>
          <Select.Option value="">{texts.institutes.chooseUser}</Select.Option>
          {candidates.map((user) => (
            <Select.Option key={user.id} value={user.id}>{`${user.displayName} (${user.userName})`}</Select.Option>
          ))}
        </Select>
      </FormControl>
      <Button variant="primary" onClick={submit} disabled={!chosen || busy}>
        {texts.institutes.assign}
      </Button>
      <Button onClick={onDone}>{texts.admin.cancel}</Button>
    </div>
  );
}

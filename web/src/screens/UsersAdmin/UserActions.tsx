import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { ActionList, ActionMenu, Button, useConfirm } from '@primer/react';
import { useNavigate } from 'react-router';
import type { UserActions_user$key } from '../../__generated__/UserActions_user.graphql';
import type { UserFormDialog_options$key } from '../../__generated__/UserFormDialog_options.graphql';
import { useActivateUserMutation } from '../../mutations/ActivateUserMutation';
import { useDeactivateUserMutation } from '../../mutations/DeactivateUserMutation';
import { useDeleteUserMutation } from '../../mutations/DeleteUserMutation';
import { useRestoreUserMutation } from '../../mutations/RestoreUserMutation';
import { useFeedback } from '../../feedback/feedbackContext';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';
import { UserFormDialog } from './UserFormDialog';
import { SetPasswordDialog } from './SetPasswordDialog';

export type UserActionCapabilities = {
  readonly canEditUser: boolean;
  readonly canDeleteUser: boolean;
  readonly canRestoreUser: boolean;
  readonly canActivateUser: boolean;
  readonly canDeactivateUser: boolean;
  readonly canSetUserPassword: boolean;
  readonly canReadRecordHistory: boolean;
};

type Props = { user: UserActions_user$key; options: UserFormDialog_options$key; capabilities: UserActionCapabilities };
type StateResult = { readonly changed: boolean; readonly errors: readonly { readonly message: string }[] } | null | undefined;

/** The actions the viewer may take on one user (ecrf-core.md §4: activation changes only if it differs). */
export function UserActions({ user, options, capabilities: can }: Props) {
  const data = useFragment(
    graphql`
      fragment UserActions_user on User {
        id
        userName
        isDeactivated
        isDeleted
        ...UserFormDialog_user
        ...SetPasswordDialog_user
      }
    `,
    user,
  );
  const [dialog, setDialog] = useState<'edit' | 'password' | null>(null);
  const [activate] = useActivateUserMutation();
  const [deactivate] = useDeactivateUserMutation();
  const [remove] = useDeleteUserMutation();
  const [restore] = useRestoreUserMutation();
  const confirm = useConfirm();
  const feedback = useFeedback();
  const navigate = useNavigate();

  const report = (result: StateResult) => {
    const errors = result?.errors ?? [];
    if (errors.length > 0) feedback.showAlert(errors.map((error) => error.message).join(', '));
    else feedback.showSnackbar(result?.changed === false ? texts.users.unchanged : texts.admin.saved);
  };
  const input = { variables: { input: { id: data.id } } };

  const onDeactivate = async () => {
    if (
      !(await confirm({
        title: texts.users.deactivate,
        content: texts.users.confirmDeactivate(data.userName),
        confirmButtonType: 'danger',
        confirmButtonContent: texts.users.deactivate,
        cancelButtonContent: texts.admin.cancel,
      }))
    )
      return;
    deactivate({ ...input, onCompleted: (answer) => report(answer.deactivateUser) });
  };
  const onDelete = async () => {
    if (
      !(await confirm({
        title: texts.users.delete,
        content: texts.users.confirmDelete(data.userName),
        confirmButtonType: 'danger',
        confirmButtonContent: texts.users.delete,
        cancelButtonContent: texts.admin.cancel,
      }))
    )
      return;
    remove({ ...input, onCompleted: (answer) => report(answer.deleteUser) });
  };

  return (
    <>
      <div className={`${styles.actions} ${styles.noWrap}`}>
        {can.canEditUser && !data.isDeleted && (
          <Button size="small" onClick={() => setDialog('edit')} aria-label={`${texts.users.edit}: ${data.userName}`}>
            {texts.users.edit}
          </Button>
        )}
        {/* The rarer actions share one menu so that rows stay one line high (keyboard: Enter, arrows). */}
        <ActionMenu>
          <ActionMenu.Button size="small" aria-label={texts.users.moreActions(data.userName)}>
            {texts.users.actions}
          </ActionMenu.Button>
          <ActionMenu.Overlay>
            <ActionList>
              {can.canDeactivateUser && !data.isDeleted && !data.isDeactivated && (
                <ActionList.Item onSelect={() => void onDeactivate()}>{texts.users.deactivate}</ActionList.Item>
              )}
              {can.canActivateUser && !data.isDeleted && data.isDeactivated && (
                <ActionList.Item onSelect={() => activate({ ...input, onCompleted: (answer) => report(answer.activateUser) })}>
                  {texts.users.activate}
                </ActionList.Item>
              )}
              {can.canSetUserPassword && !data.isDeleted && (
                <ActionList.Item onSelect={() => setDialog('password')}>{texts.users.setPassword}</ActionList.Item>
              )}
              {can.canRestoreUser && data.isDeleted && (
                <ActionList.Item onSelect={() => restore({ ...input, onCompleted: (answer) => report(answer.restoreUser) })}>
                  {texts.users.restore}
                </ActionList.Item>
              )}
              {can.canReadRecordHistory && (
                <ActionList.Item onSelect={() => void navigate(`/admin/audittrail?record=${encodeURIComponent(data.id)}`)}>
                  {texts.admin.history}
                </ActionList.Item>
              )}
              {can.canDeleteUser && !data.isDeleted && (
                <ActionList.Item variant="danger" onSelect={() => void onDelete()}>
                  {texts.users.delete}
                </ActionList.Item>
              )}
            </ActionList>
          </ActionMenu.Overlay>
        </ActionMenu>
      </div>
      {dialog === 'edit' && <UserFormDialog options={options} user={data} onClose={() => setDialog(null)} />}
      {dialog === 'password' && <SetPasswordDialog user={data} onClose={() => setDialog(null)} />}
    </>
  );
}

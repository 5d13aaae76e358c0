import { graphql, readInlineData } from 'react-relay';
import { Label } from '@primer/react';
import type { Column } from '@primer/react/experimental';
import type { UserRow_user$data, UserRow_user$key } from '../../__generated__/UserRow_user.graphql';
import type { UserFormDialog_options$key } from '../../__generated__/UserFormDialog_options.graphql';
import { texts } from '../../texts';
import { UserActions, type UserActionCapabilities } from './UserActions';

/**
 * What one row of the user table shows. Inline (read without a hook, so the table can read every row it
 * hands to Primer's DataTable); the user mutations spread it, so a changed user's row updates in place.
 */
export function readUserRow(user: UserRow_user$key): UserRow_user$data {
  return readInlineData(
    graphql`
      fragment UserRow_user on User @inline {
        id
        userName
        displayName
        emailAddress
        isDeactivated
        isDeleted
        role {
          displayName
        }
        ...UserActions_user
      }
    `,
    user,
  );
}

/** The columns of the user table, the viewer's actions last. Sorting is the server's, over all pages. */
export function userColumns(options: UserFormDialog_options$key, capabilities: UserActionCapabilities): Column<UserRow_user$data>[] {
  return [
    { id: 'userName', header: texts.users.userName, field: 'userName' },
    { id: 'displayName', header: texts.users.displayName, width: 'growCollapse', field: 'displayName' },
    { id: 'emailAddress', header: texts.users.emailAddress, renderCell: (user) => user.emailAddress ?? '' },
    { id: 'role', header: texts.users.role, width: 'growCollapse', renderCell: (user) => user.role.displayName },
    { id: 'state', header: texts.users.state, width: 'auto', renderCell: (user) => <UserStateLabel user={user} /> },
    {
      id: 'actions',
      header: texts.admin.actions,
      width: 'auto',
      renderCell: (user) => <UserActions user={user} options={options} capabilities={capabilities} />,
    },
  ];
}

function UserStateLabel({ user }: { user: UserRow_user$data }) {
  if (user.isDeleted) return <Label variant="danger">{texts.users.deleted}</Label>;
  if (user.isDeactivated) return <Label variant="attention">{texts.users.deactivated}</Label>;
  return <Label variant="success">{texts.users.active}</Label>;
}

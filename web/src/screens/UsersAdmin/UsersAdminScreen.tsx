import { useState } from 'react';
import { graphql, usePreloadedQuery } from 'react-relay';
import { Banner, Button, Heading } from '@primer/react';
import usersAdminScreenQueryNode from '../../__generated__/UsersAdminScreenQuery.graphql';
import type { UsersAdminScreenQuery } from '../../__generated__/UsersAdminScreenQuery.graphql';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';
import { USERS_PAGE, UsersTable } from './UsersTable';
import { UserFormDialog } from './UserFormDialog';
import type { UserActionCapabilities } from './UserActions';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';

/** The route preloads the screen's query with these variables. */
// The page size travels as a variable: the gateway's cost limit multiplies literal sizes only.
export const usersAdminScreenQuery = defineScreenQuery<UsersAdminScreenQuery>(usersAdminScreenQueryNode, () => ({ count: USERS_PAGE }));

/** /admin/usersadmin: the user administration (ecrf-core.md §2, §4, §7; issue 3). */
export function UsersAdminScreen() {
  const data = usePreloadedQuery<UsersAdminScreenQuery>(
    graphql`
      query UsersAdminScreenQuery($count: Int!) {
        ...AppShell_query
        viewer {
          administration {
            canListUsers
            canCreateUser
            canEditUser
            canDeleteUser
            canRestoreUser
            canActivateUser
            canDeactivateUser
            canSetUserPassword
            canReadRecordHistory
          }
        }
        ...UsersTable_query @arguments(first: $count)
        ...UserFormDialog_options
      }
    `,
    useScreenReference(usersAdminScreenQuery),
  );
  const [creating, setCreating] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const can = data.viewer.administration;
  if (!can.canListUsers) return <Banner variant="critical" title={texts.admin.forbidden} />;
  const capabilities: UserActionCapabilities = can;

  return (
    <section aria-labelledby="users-heading">
      <div className={styles.toolbar}>
        <Heading as="h1" id="users-heading" className={styles.heading}>
          {texts.users.heading}
        </Heading>
        {can.canCreateUser && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            {texts.users.create}
          </Button>
        )}
      </div>
      <UsersTable query={data} options={data} capabilities={capabilities} labelledBy="users-heading" refreshKey={refreshKey} />
      {creating && (
        <UserFormDialog
          options={data}
          user={null}
          onClose={(saved) => {
            setCreating(false);
            if (saved) setRefreshKey((key) => key + 1);
          }}
        />
      )}
    </section>
  );
}

import { graphql, useFragment } from 'react-relay';
import { Dialog } from '@primer/react';
import type { AccountDialog_viewer$key } from '../__generated__/AccountDialog_viewer.graphql';
import { PasswordChangeForm } from './PasswordChangeForm';
import { texts } from '../texts';
import styles from './AccountDialog.module.css';

/** The account popup (ecrf-core.md §2): read-only display name, user name and role, and the password change. */
export function AccountDialog({ viewer, onClose }: { viewer: AccountDialog_viewer$key; onClose: () => void }) {
  const { user, role } = useFragment(
    graphql`
      fragment AccountDialog_viewer on Viewer {
        user {
          displayName
          userName
        }
        role {
          displayName
        }
      }
    `,
    viewer,
  );
  return (
    <Dialog title={texts.account.title} width="large" onClose={onClose} footerButtons={[]}>
      <dl className={styles.facts}>
        <dt>{texts.account.displayName}</dt>
        <dd>{user.displayName}</dd>
        <dt>{texts.account.userName}</dt>
        <dd>{user.userName}</dd>
        <dt>{texts.account.role}</dt>
        <dd>{role.displayName}</dd>
      </dl>
      <PasswordChangeForm onChanged={onClose} />
    </Dialog>
  );
}

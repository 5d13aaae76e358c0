import { useCallback, useRef } from 'react';
import { useSignOutMutation } from '../mutations/SignOutMutation';
import { useSessionControl } from '../app/sessionContext';
import type { LogoutNotice } from './sessionStore';

/**
 * Logout (sidebar 'Abmelden', idle timeout): revoke the session on the server with signOut, then clear
 * session storage and the Relay store and go to '/'. The local logout happens even if signOut fails.
 */
export function useLogout(): (notice?: LogoutNotice) => void {
  const [commitSignOut] = useSignOutMutation();
  const { endSession } = useSessionControl();
  const running = useRef(false);

  return useCallback(
    (notice?: LogoutNotice) => {
      if (running.current) return;
      running.current = true;
      const finish = () => {
        running.current = false;
        endSession(notice);
      };
      commitSignOut({ variables: {}, onCompleted: finish, onError: finish });
    },
    [commitSignOut, endSession],
  );
}

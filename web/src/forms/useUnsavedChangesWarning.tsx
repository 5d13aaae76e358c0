/**
 * Warns before unsaved changes of a form are lost: navigation inside the app (react-router's useBlocker;
 * the app runs on a data router, main.tsx) asks in a confirm dialog, and leaving the page (reload, close,
 * another site) gets the browser's own question through `beforeunload`.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { ConfirmationDialog } from '@primer/react';
import { useBlocker } from 'react-router';
import { texts } from '../texts';

export type UnsavedChangesWarning = {
  /** Render it: the confirm dialog while a navigation waits for the answer, else null. */
  dialog: ReactNode;
  /** Lets the next navigation pass, e.g. right after a save, before `dirty` has turned false. */
  allowNextNavigation: () => void;
};

export function useUnsavedChangesWarning(dirty: boolean): UnsavedChangesWarning {
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowed.current) {
      allowed.current = false;
      return false;
    }
    return dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search);
  });

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const dialog =
    blocker.state === 'blocked' ? (
      <ConfirmationDialog
        title={texts.forms.unsavedTitle}
        confirmButtonContent={texts.forms.leave}
        cancelButtonContent={texts.forms.stay}
        confirmButtonType="danger"
        onClose={(gesture) => (gesture === 'confirm' ? blocker.proceed() : blocker.reset())}
      >
        {texts.forms.unsavedText}
      </ConfirmationDialog>
    ) : null;

  return {
    dialog,
    allowNextNavigation: () => {
      allowed.current = true;
    },
  };
}

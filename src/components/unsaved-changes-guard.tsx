import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { DialogActions, ModalDialog } from './modal-dialog';

/**
 * Keeps unsaved edits from being lost: in-app navigation asks first, and closing or reloading the tab gets the
 * browser's own warning. Leaving to the same path (a tab switch in the query string) is not blocked.
 */
export function UnsavedChangesGuard({ when, what = 'changes' }: { when: boolean; what?: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  if (blocker.state !== 'blocked') return null;
  return (
    <ModalDialog title="Leave without saving?" onClose={() => blocker.reset()}>
      <p>You have unsaved {what}. They will be lost if you leave this page.</p>
      <DialogActions>
        <button type="button" className="btn" onClick={() => blocker.reset()} autoFocus>
          Stay on this page
        </button>
        <button type="button" className="btn btn-danger" onClick={() => blocker.proceed()}>
          Leave and discard
        </button>
      </DialogActions>
    </ModalDialog>
  );
}

import { useEffect, useRef } from 'react';
import { useSession } from '../../api/session';
import { LoginForm } from './login-form';
import '../../components/modal-dialog.css';
import './auth.css';

/**
 * Opens over the current page when the server refuses the token (it expired or was revoked), so that the
 * user logs in again without leaving the page or losing what they were doing.
 */
export function ReloginDialog() {
  const needsLogin = useSession((s) => s.needsLogin);
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (needsLogin && !dialog.open) dialog.showModal?.();
    if (!needsLogin && dialog.open) dialog.close();
  }, [needsLogin]);

  if (!needsLogin) return null;
  return (
    <dialog
      ref={ref}
      className="modal-dialog relogin-dialog"
      aria-labelledby="relogin-title"
      onCancel={(e) => e.preventDefault()}
    >
      <h2 id="relogin-title">Your session has expired</h2>
      <p className="muted">Log in again to carry on. Nothing on this page is lost.</p>
      <LoginForm submitLabel="Log in again" />
    </dialog>
  );
}

import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useStatus } from '../../api/auth/queries';
import { useSession } from '../../api/session';
import { loginPath } from '../../lib/paths';
import type { Status } from '../../../protocol/api/auth';

/**
 * Lets the app through when no login is needed or the user is logged in (the server confirms the session
 * cookie, or a token is held); otherwise sends the user to /login.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const status = useStatus();
  const token = useSession((s) => s.token);
  const location = useLocation();
  if (status.isPending)
    return (
      <p className="muted" style={{ padding: 24 }}>
        Connecting…
      </p>
    );
  if (status.isError) {
    return (
      <p role="alert" className="error-box" style={{ margin: 24 }}>
        Cannot reach the server: {status.error.message}
      </p>
    );
  }
  if (needsLoginPage(status.data, token)) {
    return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  }
  return children;
}

/** Login is on and neither the session cookie (as the server says) nor a held token logs us in. */
export function needsLoginPage(status: Status, token: string | null): boolean {
  return Boolean(status.auth?.http_auth_enabled) && !status.auth?.confirmed && !token;
}

/** True when the instance runs without login: the shell says so in a banner. */
export function useAuthDisabled(): boolean {
  const status = useStatus();
  return status.data?.auth?.http_auth_enabled === false;
}

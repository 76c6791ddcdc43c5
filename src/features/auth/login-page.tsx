import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useStatus } from '../../api/auth/queries';
import { useSession } from '../../api/session';
import { needsLoginPage } from './auth-gate';
import { LoginForm } from './login-form';
import './auth.css';

/** Shown only when the instance has login turned on; otherwise it sends the user straight on. */
export function LoginPage() {
  const status = useStatus();
  const token = useSession((s) => s.token);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));

  if (status.isPending) return <p className="auth-center muted">Connecting…</p>;
  if (status.isError) {
    return (
      <div className="auth-center">
        <p role="alert" className="error-box">
          Cannot reach the server: {status.error.message}
        </p>
      </div>
    );
  }
  if (!needsLoginPage(status.data, token)) return <Navigate to={next} replace />;

  return (
    <main className="auth-center">
      <div className="auth-card">
        <h1>Knowledge Studio</h1>
        <p className="muted">Log in to this instance.</p>
        <LoginForm onSuccess={() => navigate(next, { replace: true })} />
      </div>
    </main>
  );
}

/** Only same-app paths may follow a login (never another site). */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { useLogin } from '../../api/auth/mutations';
import { TextField } from '../../components/field';

/** Username and password; used by the login page and by the re-login dialog. */
export function LoginForm({
  onSuccess,
  submitLabel = 'Log in',
}: {
  onSuccess?: () => void;
  submitLabel?: string;
}) {
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate({ username, password }, { onSuccess: () => onSuccess?.() });
  };

  const message =
    login.error instanceof ApiError && login.error.status === 401
      ? 'Wrong username or password.'
      : login.error instanceof ApiError && login.error.status === 429
        ? `Too many wrong attempts. ${login.error.problem.detail ?? 'Try again later.'}`
        : login.error
          ? login.error.message
          : null;

  return (
    <form onSubmit={submit} aria-label="Log in" className="login-form">
      <TextField
        label="Username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        required
        autoFocus
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      {message && (
        <p role="alert" className="error-box">
          {message}
        </p>
      )}
      <button className="btn btn-primary" type="submit" disabled={login.isPending}>
        {login.isPending ? 'Logging in…' : submitLabel}
      </button>
    </form>
  );
}

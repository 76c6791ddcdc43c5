import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeFetch } from '../../testing/fake-fetch';
import { useSession } from '../../api/session';
import { renderRoutes } from '../../testing/render-routes';
import { AuthGate } from './auth-gate';
import { LoginPage } from './login-page';

beforeEach(() => {
  localStorage.clear();
  useSession.setState({ token: null, needsLogin: false });
});
const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/', element: <AuthGate>inside the app</AuthGate> },
];

/** A server with login on; `cookieSession` says whether it confirms a session cookie after login. */
function server(cookieSession: boolean) {
  let loggedIn = false;
  return fakeFetch((req) => {
    if (req.path === '/api/status') {
      const confirmed = (cookieSession && loggedIn) || req.headers.get('authorization') === 'Bearer tok-1';
      return { json: { auth: { http_auth_enabled: true, confirmed, provider: 'local' } } };
    }
    if (req.path === '/api/login') {
      loggedIn = true;
      return { json: { token: 'tok-1' } };
    }
    return undefined;
  });
}

async function logIn() {
  await userEvent.type(await screen.findByLabelText('Username'), 'admin');
  await userEvent.type(screen.getByLabelText('Password'), 'pass');
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
  await screen.findByText('inside the app');
}

describe('login', () => {
  it('relies on the session cookie when the server confirms it, keeping no token anywhere', async () => {
    const api = server(true);
    renderRoutes(routes, '/login');
    await logIn();
    expect(useSession.getState().token).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain('tok-1');
    // Every request says it comes from the page's own script (the server's CSRF check for cookie writes).
    expect(api.sent('POST', '/api/login')[0].headers.get('x-requested-with')).toBe('XMLHttpRequest');
  });

  it('keeps the token in memory only when the server keeps no session (token-only login)', async () => {
    server(false);
    renderRoutes(routes, '/login');
    await logIn();
    await waitFor(() => expect(useSession.getState().token).toBe('tok-1'));
    expect(JSON.stringify({ ...localStorage })).not.toContain('tok-1');
  });

  it('drops a token that an earlier version left in localStorage', async () => {
    localStorage.setItem(
      'ks.session',
      JSON.stringify({ state: { token: 'old-tok', apiBase: '' }, version: 0 }),
    );
    await useSession.persist.rehydrate();
    expect(useSession.getState().token).toBeNull();
    expect(localStorage.getItem('ks.session')).not.toContain('old-tok');
  });
});

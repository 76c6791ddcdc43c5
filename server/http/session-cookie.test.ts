import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';
import { SESSION_COOKIE } from './session';

const t = useTestApp({ auth: { username: 'admin', password: 'pass word', tokenTtlSeconds: 3600 } });

async function loginCookie(): Promise<{ token: string; cookie: string; setCookie: string }> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'admin', password: 'pass word' },
  });
  expect(res.statusCode).toBe(200);
  const setCookie = String(res.headers['set-cookie']);
  const value = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(setCookie)?.[1];
  expect(value).toBeTruthy();
  return { token: res.json().token, cookie: `${SESSION_COOKIE}=${value}`, setCookie };
}

describe('session cookie', () => {
  it('is set by login where scripts cannot read it, and logs the browser in', async () => {
    const { setCookie, cookie } = await loginCookie();
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=3600/);
    expect(setCookie).not.toMatch(/Secure/i);
    const res = await t.inject({ url: '/api/projects', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect((await t.inject({ url: '/api/status', headers: { cookie } })).json().auth.confirmed).toBe(true);
    expect(
      (await t.inject({ url: '/api/projects', headers: { cookie: `${SESSION_COOKIE}=forged` } })).statusCode,
    ).toBe(401);
  });

  it('is marked Secure behind a TLS proxy', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { username: 'admin', password: 'pass word' },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/i);
  });

  it('needs the X-Requested-With header for writes (CSRF); bearer clients need none', async () => {
    const { cookie, token } = await loginCookie();
    const write = { method: 'POST' as const, url: '/api/sql/query', payload: { query: 'SELECT 1 AS one' } };
    const forged = await t.inject({ ...write, headers: { cookie } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().detail).toMatch(/x-requested-with/i);
    const ours = await t.inject({ ...write, headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } });
    expect(ours.statusCode).toBe(200);
    const bearer = await t.inject({ ...write, headers: { authorization: `Bearer ${token}` } });
    expect(bearer.statusCode).toBe(200);
    // A malformed bearer header does not fall back on the cookie.
    const mixed = await t.inject({ url: '/api/projects', headers: { cookie, authorization: 'Basic x' } });
    expect(mixed.statusCode).toBe(401);
  });

  it('is revoked and cleared by logout from our pages, not by a cross-site post', async () => {
    const { cookie } = await loginCookie();
    const crossSite = await t.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(crossSite.statusCode).toBe(200);
    expect((await t.inject({ url: '/api/projects', headers: { cookie } })).statusCode).toBe(200);

    const out = await t.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toBe('');
    expect(String(out.headers['set-cookie'])).toMatch(
      new RegExp(`${SESSION_COOKIE}=;.*Expires=Thu, 01 Jan 1970`),
    );
    expect((await t.inject({ url: '/api/projects', headers: { cookie } })).statusCode).toBe(401);
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';

const AUTH = { username: 'admin', password: 'correct horse', tokenTtlSeconds: 3600 };

/** Every route that needs a token, with a request that would succeed given one. */
const PROTECTED: (InjectOptions & { url: string })[] = [
  { method: 'GET', url: '/api/projects' },
  { method: 'GET', url: '/api/tree/' },
  { method: 'GET', url: '/api/tree/mindsdb' },
  { method: 'POST', url: '/api/sql/query', payload: { query: 'SHOW PROJECTS' } },
  { method: 'GET', url: '/api/files' },
  { method: 'GET', url: '/api/no/such/route' },
];

let dataDir: string;
let t: TestApp;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-auth-'));
  t = await startTestApp({ auth: AUTH }, dataDir);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function login(app = t): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'admin', password: 'correct horse' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

describe('auth on', () => {
  it('reports itself in status, which needs no token', async () => {
    const res = await t.inject({ url: '/api/status' });
    expect(res.json().auth).toEqual({ http_auth_enabled: true, confirmed: true, provider: 'local' });
    expect((await t.inject({ url: '/api/util/ping' })).statusCode).toBe(200);
  });

  it('refuses wrong and malformed logins', async () => {
    const wrong = await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ title: 'Unauthorized', detail: 'Wrong username or password' });
    for (const payload of [
      {},
      { username: '', password: 'x' },
      { username: 'admin', password: 5 },
      { username: ['a'], password: 'x' },
    ]) {
      const res = await t.inject({ method: 'POST', url: '/api/login', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('answers 401 on every protected route without a token or with a wrong one, and works with a token', async () => {
    const token = await login();
    for (const route of PROTECTED) {
      const none = await t.inject(route);
      expect(none.statusCode, `${route.method} ${route.url} without token`).toBe(401);
      expect(none.json().title).toBe('Unauthorized');
      const wrong = await t.inject({ ...route, headers: { authorization: 'Bearer not-a-token' } });
      expect(wrong.statusCode, `${route.method} ${route.url} wrong token`).toBe(401);
      const ok = await t.inject({ ...route, headers: { authorization: `Bearer ${token}` } });
      const expected = route.url.includes('no/such') ? 404 : 200;
      expect(ok.statusCode, `${route.method} ${route.url} with token`).toBe(expected);
    }
  });

  it('revokes a token at logout', async () => {
    const token = await login();
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.inject({ url: '/api/projects', headers })).statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: '/api/logout', headers })).statusCode).toBe(200);
    expect((await t.inject({ url: '/api/projects', headers })).statusCode).toBe(401);
  });

  it('stores only hashes, and tokens survive a restart', async () => {
    const token = await login();
    const rows = await t.deps.databases.catalog.all<{ token_hash: string }>(
      'SELECT token_hash FROM auth_tokens',
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    await t.close();
    t = await startTestApp({ auth: AUTH }, dataDir);
    expect(
      (await t.inject({ url: '/api/projects', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(200);
  });

  it('lets tokens expire', async () => {
    const short = await startTestApp({ auth: { ...AUTH, tokenTtlSeconds: 1 } });
    try {
      const token = await login(short);
      const headers = { authorization: `Bearer ${token}` };
      expect((await short.inject({ url: '/api/projects', headers })).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await short.inject({ url: '/api/projects', headers })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('auth off', () => {
  it('needs no token and refuses login', async () => {
    const open = await startTestApp();
    try {
      expect((await open.inject({ url: '/api/projects' })).statusCode).toBe(200);
      const res = await open.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'a', password: 'b' },
      });
      expect(res.statusCode).toBe(400);
    } finally {
      await open.close();
    }
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, startTestApp, type TestApp } from '../test/harness';
import { OPEN_ROUTES } from './auth';

const AUTH = { username: 'admin', password: 'correct horse', tokenTtlSeconds: 3600 };

type Route = InjectOptions & { url: string; method: NonNullable<InjectOptions['method']> };

const kbs = '/api/projects/mindsdb/knowledge_bases';
const agents = '/api/projects/mindsdb/agents';
const ask = { messages: [{ question: 'How long do refunds take?' }] };

/**
 * Every route that needs a token, in an order that works from an empty data folder (create before use, delete
 * last), each with the status it answers given a token.
 */
const PROTECTED: [Route, number][] = [
  [{ method: 'GET', url: '/api/projects' }, 200],
  [{ method: 'GET', url: '/api/tree/' }, 200],
  [{ method: 'GET', url: '/api/tree/mindsdb' }, 200],
  [{ method: 'GET', url: '/api/tree/files' }, 200],
  [{ method: 'POST', url: '/api/sql/query', payload: { query: 'SHOW PROJECTS' } }, 200],
  [{ method: 'PUT', url: '/api/files/docs', ...multipartFile('file', 'd.csv', 'id,body\n1,refunds\n') }, 200],
  [{ method: 'GET', url: '/api/files' }, 200],
  [{ method: 'POST', url: kbs, payload: { knowledge_base: { name: 'kb', content_columns: ['body'] } } }, 201],
  [{ method: 'GET', url: kbs }, 200],
  [{ method: 'GET', url: `${kbs}/kb` }, 200],
  [
    {
      method: 'PUT',
      url: `${kbs}/kb`,
      payload: { knowledge_base: { rows: [{ id: '1', body: 'refunds' }] } },
    },
    200,
  ],
  [{ method: 'GET', url: `${kbs}/kb/progress` }, 200],
  [
    {
      method: 'POST',
      url: agents,
      payload: { agent: { name: 'ag', data: { knowledge_bases: ['mindsdb.kb'] } } },
    },
    201,
  ],
  [{ method: 'GET', url: agents }, 200],
  [{ method: 'GET', url: `${agents}/ag` }, 200],
  [{ method: 'PUT', url: `${agents}/ag`, payload: { agent: { prompt_template: 'Be brief.' } } }, 200],
  [{ method: 'POST', url: `${agents}/ag/completions`, payload: ask }, 200],
  [{ method: 'POST', url: `${agents}/ag/completions/stream`, payload: ask }, 200],
  [{ method: 'DELETE', url: `${agents}/ag` }, 204],
  [{ method: 'DELETE', url: `${kbs}/kb` }, 200],
  [{ method: 'DELETE', url: '/api/files/docs' }, 200],
  [{ method: 'GET', url: '/api/config' }, 200],
  [{ method: 'GET', url: '/api/config/' }, 200],
  [{ method: 'PUT', url: '/api/config', payload: { auth: { http_auth_enabled: true } } }, 200],
  [{ method: 'PUT', url: '/api/config/', payload: { auth: { http_auth_enabled: true } } }, 200],
  [{ method: 'GET', url: '/api/no/such/route' }, 404],
];

/** Protected paths spelt so that a careless check might take them for open ones. */
const ODD_SPELLINGS = [
  '//api/projects',
  '/api//projects',
  '/api/projects/',
  '/%61pi/projects',
  '/api/%70rojects',
  '/api/status/../projects',
  '/api/./projects',
  '/api/projects?/api/status',
  '/api/projects#/api/status',
  '/API/projects',
  '/api/projects/mindsdb/agents/x/completions%2Fstream',
];

/** Every route the app registers, as `METHOD /path/:param`, read from Fastify's route tree. */
function registeredRoutes(app: TestApp['app']): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+) \(([^)]*)\)/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    // Two routes naming the same segment differently print as `:name|:project`: keep one name.
    stack.push(m[2].replace(/(:\w+\|)+/g, ''));
    for (const method of m[3].split(', ')) {
      if (method !== 'HEAD') out.push(`${method} ${stack.join('')}`);
    }
  }
  return out;
}

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

const postLogin = (app: TestApp, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/login', payload });

/** MindsDB's answer to a login with wrong credentials. */
function expectWrongCredentials(res: Awaited<ReturnType<typeof postLogin>>) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ title: 'Forbidden', detail: 'Invalid username or password' });
}

async function login(app = t): Promise<string> {
  const res = await postLogin(app, { username: 'admin', password: 'correct horse' });
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

describe('auth on', () => {
  it('reports itself in status, which needs no token, and says whether the caller is logged in', async () => {
    const res = await t.inject({ url: '/api/status' });
    expect(res.json().auth).toEqual({ http_auth_enabled: true, confirmed: false, provider: 'local' });
    const headers = { authorization: `Bearer ${await login()}` };
    expect((await t.inject({ url: '/api/status', headers })).json().auth.confirmed).toBe(true);
    expect((await t.inject({ url: '/api/util/ping' })).statusCode).toBe(200);
  });

  it('refuses wrong and malformed logins', async () => {
    expectWrongCredentials(await postLogin(t, { username: 'admin', password: 'nope' }));
    for (const payload of [
      {},
      { username: '', password: 'x' },
      { username: 'admin', password: 5 },
      { username: ['a'], password: 'x' },
    ]) {
      const res = await postLogin(t, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({
        title: 'Error in username or password',
        detail: 'Username and password should be string',
      });
    }
  });

  it('protects every route the app has, except the open ones', async () => {
    const routes = registeredRoutes(t.app);
    expect(routes).toContain('POST /api/projects/:project/agents/:agent/completions/stream');
    for (const route of routes) {
      const [method, pattern] = route.split(' ');
      if (OPEN_ROUTES.has(pattern)) continue;
      // Routes added later need no entry here to be checked: every one must refuse a stranger.
      const url = pattern.replace(/:\w+/g, 'x');
      const res = await t.inject({
        method: method as Route['method'],
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${route} without a token`).toBe(401);
    }
  });

  it('answers 401 on every protected route without a token or with a wrong one, and works with a token', async () => {
    const token = await login();
    for (const [route, expected] of PROTECTED) {
      const label = `${route.method} ${route.url}`;
      const none = await t.inject(route);
      expect(none.statusCode, `${label} without token`).toBe(401);
      expect(none.json().title).toBe('Unauthorized');
      for (const authorization of [
        'Bearer not-a-token',
        `Bearer ${token}x`,
        token,
        `Basic ${token}`,
        'Bearer ',
      ]) {
        const wrong = await t.inject({ ...route, headers: { ...route.headers, authorization } });
        expect(wrong.statusCode, `${label} with '${authorization.slice(0, 12)}'`).toBe(401);
      }
      const ok = await t.inject({
        ...route,
        headers: { ...route.headers, authorization: `Bearer ${token}` },
      });
      expect(ok.statusCode, `${label} with token: ${ok.body.slice(0, 200)}`).toBe(expected);
    }
  });

  it('answers 401 on every protected route with an expired token and after logout', async () => {
    const expired = await login();
    const revoked = await login();
    await t.deps.databases.catalog.run(
      `UPDATE auth_tokens SET expires_at = now()::TIMESTAMP - INTERVAL 1 SECOND WHERE token_hash = ?`,
      [createHash('sha256').update(expired).digest('hex')],
    );
    const out = await t.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${revoked}` },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toBe('');
    for (const [route] of PROTECTED) {
      for (const [kind, token] of [
        ['expired', expired],
        ['logged out', revoked],
      ]) {
        const res = await t.inject({
          ...route,
          headers: { ...route.headers, authorization: `Bearer ${token}` },
        });
        expect(res.statusCode, `${route.method} ${route.url} ${kind}`).toBe(401);
        expect(res.json()).toMatchObject({
          title: 'Unauthorized',
          detail: 'The token is invalid or has expired',
        });
      }
    }
  });

  it.each(ODD_SPELLINGS)('cannot be walked around with the odd spelling %s', async (url) => {
    const res = await t.inject({ url });
    expect([401, 404], `${url}: ${res.statusCode}`).toContain(res.statusCode);
    expect(res.body).not.toContain('mindsdb_version');
    expect(res.body).not.toMatch(/"name":"mindsdb"/);
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
  it('needs no token, and answers a login as MindsDB does (no user: wrong credentials)', async () => {
    const open = await startTestApp();
    try {
      expect((await open.inject({ url: '/api/projects' })).statusCode).toBe(200);
      expect((await open.inject({ url: '/api/status' })).json().auth.confirmed).toBe(true);
      expectWrongCredentials(await postLogin(open, { username: 'a', password: 'b' }));
    } finally {
      await open.close();
    }
  });
});

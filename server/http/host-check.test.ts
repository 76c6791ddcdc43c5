import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { startTestApp } from '../test/harness';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

describe('Host check without login (DNS rebinding)', () => {
  it('answers its own names and refuses others with 421 before reading any data', async () => {
    for (const host of ['localhost:47334', 'localhost', '127.0.0.1:47334', '[::1]:47334', 'LOCALHOST:80']) {
      const res = await t.inject({ url: '/api/projects', headers: { host } });
      expect(res.statusCode, host).toBe(200);
    }
    for (const host of ['attacker.example', 'attacker.example:47334', 'localhost.attacker.example']) {
      const res = await t.inject({ url: '/api/projects', headers: { host } });
      expect(res.statusCode, host).toBe(421);
      expect(res.json().title).toBe('Misdirected Request');
      expect(res.body).not.toContain('mindsdb');
    }
    // The console too: a rebound page must not load our scripts as its own.
    expect((await t.inject({ url: '/', headers: { host: 'attacker.example' } })).statusCode).toBe(421);
  });

  it('answers the names given with --allowed-hosts and the bound address', async () => {
    const app = createApp(t.deps, { allowedHosts: ['studio.internal'], boundHost: '10.1.2.3' });
    await app.ready();
    try {
      for (const host of ['studio.internal', 'Studio.Internal:8443', '10.1.2.3:47334']) {
        expect((await app.inject({ url: '/api/projects', headers: { host } })).statusCode, host).toBe(200);
      }
      expect(
        (await app.inject({ url: '/api/projects', headers: { host: 'other.internal' } })).statusCode,
      ).toBe(421);
    } finally {
      await app.close();
    }
  });

  it('leaves the check to login when login is on (a rebound page has no session there)', async () => {
    const withLogin = await startTestApp({ auth: { username: 'a', password: 'b', tokenTtlSeconds: 60 } });
    try {
      const res = await withLogin.inject({ url: '/api/projects', headers: { host: 'proxy.example' } });
      expect(res.statusCode).toBe(401);
    } finally {
      await withLogin.close();
    }
  });
});

describe('writes from pages of other sites', () => {
  it('refuses a cross-site POST (e.g. a form upload) and accepts our own pages and non-browser clients', async () => {
    const query = { method: 'POST' as const, url: '/api/sql/query', payload: { query: 'SELECT 1' } };
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example']) {
      const res = await t.inject({ ...query, headers: { origin } });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().title).toBe('Forbidden');
    }
    for (const origin of [
      'http://localhost:80',
      'http://localhost:5173',
      'http://127.0.0.1:47334',
      undefined,
    ]) {
      const res = await t.inject({ ...query, headers: origin ? { origin } : {} });
      expect(res.statusCode, origin).toBe(200);
    }
    // Reading is not a write: a GET with a foreign Origin is left to the host check and CORS.
    expect(
      (await t.inject({ url: '/api/projects', headers: { origin: 'https://evil.example' } })).statusCode,
    ).toBe(200);
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';

let t: TestApp | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

const loginAs = (app: TestApp, username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

describe('GET and PUT /api/config', () => {
  it('turns login on and off, keeps it across a restart, and never shows the password', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-config-'));
    t = await startTestApp({}, dataDir);
    for (const url of ['/api/config', '/api/config/']) {
      expect((await t.inject({ url })).json().auth).toEqual({ http_auth_enabled: false, username: null });
    }
    const on = await t.inject({
      method: 'PUT',
      url: '/api/config/',
      payload: { auth: { http_auth_enabled: true, username: 'ann', password: 's3cret pass' } },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toBe('');
    // Login is on at once: strangers are refused, the new user gets in.
    expect((await t.inject({ url: '/api/projects' })).statusCode).toBe(401);
    expect((await t.inject({ url: '/api/config' })).statusCode).toBe(401);
    const login = await loginAs(t, 'ann', 's3cret pass');
    expect(login.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${login.json().token}` };
    const shown = await t.inject({ url: '/api/config', headers });
    expect(shown.json().auth).toEqual({ http_auth_enabled: true, username: 'ann' });
    expect(shown.body).not.toContain('s3cret');

    // The setting and the password (as a hash only) survive a restart.
    const stored = await t.deps.databases.catalog.all('SELECT * FROM auth_settings');
    expect(JSON.stringify(stored)).not.toContain('s3cret');
    await t.close();
    t = await startTestApp({}, dataDir);
    expect((await t.inject({ url: '/api/projects' })).statusCode).toBe(401);
    const again = await loginAs(t, 'ann', 's3cret pass');
    expect(again.statusCode).toBe(200);

    // Only a logged-in user may turn it off.
    const off = {
      method: 'PUT' as const,
      url: '/api/config',
      payload: { auth: { http_auth_enabled: false } },
    };
    expect((await t.inject(off)).statusCode).toBe(401);
    const offOk = await t.inject({ ...off, headers: { authorization: `Bearer ${again.json().token}` } });
    expect(offOk.statusCode).toBe(200);
    expect((await t.inject({ url: '/api/projects' })).statusCode).toBe(200);
    // As MindsDB: with login off, the stored user may still log in; anyone else gets wrong credentials.
    expect((await loginAs(t, 'ann', 's3cret pass')).statusCode).toBe(200);
    expect((await loginAs(t, 'ann', 'guess')).statusCode).toBe(401);
  });

  it('refuses to turn login on without a user, and unknown settings, by name', async () => {
    t = await startTestApp();
    const noUser = await t.inject({
      method: 'PUT',
      url: '/api/config',
      payload: { auth: { http_auth_enabled: true } },
    });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().detail).toMatch(/username and a password/);
    // MindsDB's title for a body it does not take; ours names the key.
    const refused = [
      { auth: { password_hash: 'x' } },
      { other: 1 },
      { http_auth_enabled: true, username: '', password: '' },
      { auth: { username: 5 } },
      [],
    ];
    for (const payload of refused) {
      const res = await t.inject({ method: 'PUT', url: '/api/config', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().title).toBe('Wrong arguments');
    }
    const storage = await t.inject({
      method: 'PUT',
      url: '/api/config',
      payload: { knowledge_bases: { storage: 'pgvector' } },
    });
    expect(storage.statusCode).toBe(400);
    expect(storage.json().detail).toMatch(/lancedb/);
    expect((await t.inject({ url: '/api/projects' })).statusCode).toBe(200);
  });

  it('is turned off as MindsDB clients do: an empty password, then the first config sent back', async () => {
    t = await startTestApp();
    const before = (await t.inject({ url: '/api/config/' })).json();
    const on = { http_auth_enabled: true, username: 'mindsdb', password: 'mindsdb' };
    expect((await t.inject({ method: 'PUT', url: '/api/config/', payload: { auth: on } })).statusCode).toBe(
      200,
    );
    const headers = { authorization: `Bearer ${(await loginAs(t, 'mindsdb', 'mindsdb')).json().token}` };
    const off = await t.inject({
      method: 'PUT',
      url: '/api/config/',
      headers,
      payload: { auth: { http_auth_enabled: false, username: 'mindsdb', password: '' } },
    });
    expect(off.statusCode).toBe(200);
    expect((await t.inject({ url: '/api/status' })).json().auth.http_auth_enabled).toBe(false);
    expect((await t.inject({ url: '/api/tree/' })).statusCode).toBe(200);
    // The password is gone: no one logs in with the old one.
    expect((await loginAs(t, 'mindsdb', 'mindsdb')).statusCode).toBe(401);
    // The auth block first read (username null) goes back as it came.
    const restore = await t.inject({ method: 'PUT', url: '/api/config/', payload: { auth: before.auth } });
    expect(restore.statusCode).toBe(200);
    expect((await t.inject({ url: '/api/config' })).json().auth).toEqual(before.auth);
    // Turning it on again without credentials stays refused.
    const bare = await t.inject({
      method: 'PUT',
      url: '/api/config',
      payload: { auth: { http_auth_enabled: true } },
    });
    expect(bare.statusCode).toBe(400);
    expect((await t.inject({ url: '/api/tree/' })).statusCode).toBe(200);
  });

  it('reports where knowledge bases are stored, as MindsDB does', async () => {
    t = await startTestApp({ disableKbAutobatch: false });
    const kb = (await t.inject({ url: '/api/config' })).json().knowledge_bases;
    expect(kb).toEqual({
      disable_autobatch: false,
      storage: null,
      resolved_storage: [{ engine: 'lancedb', available: true, default: true, source: 'fallback' }],
      default_storage: 'lancedb',
      available_vector_engines: ['lancedb'],
      pgvector_enabled: false,
      engines: ['lancedb'],
    });
  });

  it('revokes existing tokens when the password changes', async () => {
    t = await startTestApp({ auth: { username: 'ann', password: 'first one', tokenTtlSeconds: 3600 } });
    const headers = { authorization: `Bearer ${(await loginAs(t, 'ann', 'first one')).json().token}` };
    const change = await t.inject({
      method: 'PUT',
      url: '/api/config',
      headers,
      payload: { auth: { password: 'second one' } },
    });
    expect(change.statusCode).toBe(200);
    expect((await t.inject({ url: '/api/projects', headers })).statusCode).toBe(401);
    expect((await loginAs(t, 'ann', 'first one')).statusCode).toBe(401);
    expect((await loginAs(t, 'ann', 'second one')).statusCode).toBe(200);
  });

  it('lets flags set the state at start, over what was saved', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-config-'));
    t = await startTestApp({}, dataDir);
    await t.inject({
      method: 'PUT',
      url: '/api/config',
      payload: { auth: { http_auth_enabled: true, username: 'ann', password: 'saved pass' } },
    });
    await t.close();
    t = await startTestApp(
      { auth: { username: 'bob', password: 'flag pass', tokenTtlSeconds: 60 } },
      dataDir,
    );
    expect((await loginAs(t, 'ann', 'saved pass')).statusCode).toBe(401);
    expect((await loginAs(t, 'bob', 'flag pass')).statusCode).toBe(200);
  });
});

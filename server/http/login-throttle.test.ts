import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { LoginThrottle, PER_ADDRESS, PER_USER } from './login-throttle';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const attempt = (app: TestApp, username: string, password: string, remoteAddress = '203.0.113.9') =>
  app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });

describe('login slow-down', () => {
  it('lets only a few of many parallel guesses for one user be checked', async () => {
    t = await startTestApp({ auth: { username: 'admin', password: 'right one', tokenTtlSeconds: 60 } });
    const app = t;
    // 24 guesses at once, each from its own address, so only the per-user limit applies.
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => attempt(app, 'admin', `guess ${i}`, `198.51.100.${i + 1}`)),
    );
    const checked = answers.filter((r) => r.statusCode === 401).length;
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(checked).toBe(PER_USER.freeFailures + 1);
    expect(refused.length).toBe(24 - checked);
    expect(refused[0].json()).toMatchObject({ title: 'Too Many Requests' });
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits one address across many usernames', async () => {
    t = await startTestApp({ auth: { username: 'admin', password: 'right one', tokenTtlSeconds: 60 } });
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS.freeFailures + 3; i++)
      statuses.push((await attempt(t, `user${i}`, 'x')).statusCode);
    expect(statuses.slice(0, PER_ADDRESS.freeFailures + 1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not held up.
    expect((await attempt(t, 'admin', 'right one', '192.0.2.77')).statusCode).toBe(200);
  });

  it('keeps a lock through a flood of other usernames and addresses', () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(
      () => 'admin',
      () => now,
    );
    for (let i = 0; i <= PER_USER.freeFailures; i++) expect(throttle.begin('admin', `10.0.0.${i}`)).toBe(0);
    expect(throttle.begin('admin', '10.0.1.1')).toBeGreaterThan(0);
    for (let i = 0; i < 30_000; i++) throttle.begin(`flood${i}`, `fd00::${i.toString(16)}`);
    expect(throttle.size.users).toBeLessThanOrEqual(10_001);
    expect(throttle.size.addresses).toBeLessThanOrEqual(10_001);
    expect(throttle.begin('admin', '10.0.1.2')).toBeGreaterThan(0);
    // Past the lock, the user may try again.
    now += PER_USER.maxLockMs + 1;
    expect(throttle.begin('admin', '10.0.2.1')).toBe(0);
  });
});

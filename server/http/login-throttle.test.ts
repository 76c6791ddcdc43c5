import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, withDataDir, type TestApp } from '../test/harness';
import { DEVICE_COOKIE } from './device-cookie';
import { LoginThrottle, PER_ADDRESS, PER_USER } from './login-throttle';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const attempt = (
  app: TestApp,
  username: string,
  password: string,
  remoteAddress = '203.0.113.9',
  cookies?: Record<string, string>,
) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress, cookies });

/** The device cookie a successful login set, with its attributes. */
function deviceCookie(res: Awaited<ReturnType<typeof attempt>>) {
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  if (!cookie) throw new Error(`no device cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return cookie;
}

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
    const wait = (username: string, address: string) => throttle.begin({ username, address }).waitMs;
    for (let i = 0; i <= PER_USER.freeFailures; i++) expect(wait('admin', `10.0.0.${i}`)).toBe(0);
    expect(wait('admin', '10.0.1.1')).toBeGreaterThan(0);
    for (let i = 0; i < 30_000; i++) wait(`flood${i}`, `fd00::${i.toString(16)}`);
    expect(throttle.size.users).toBeLessThanOrEqual(10_001);
    expect(throttle.size.addresses).toBeLessThanOrEqual(10_001);
    expect(wait('admin', '10.0.1.2')).toBeGreaterThan(0);
    // Past the lock, the user may try again.
    now += PER_USER.maxLockMs + 1;
    expect(wait('admin', '10.0.2.1')).toBe(0);
  });

  it('keeps the owner in while someone guesses from elsewhere for ten minutes', () => {
    let now = 5_000_000;
    const throttle = new LoginThrottle(
      () => 'admin',
      () => now,
    );
    const owner = { username: 'admin', address: '192.0.2.1' };
    const ownerDevice = { username: 'admin', address: '198.51.100.50', device: 'device-of-the-owner' };
    throttle.begin(owner).succeeded();
    let evaluated = 0;
    let ownerRefused = 0;
    const attackMs = 10 * 60_000;
    for (let step = 0; step * 250 < attackMs; step++) {
      now += 250;
      // A wrong password every 250 ms, from addresses the owner never used (one of them the owner's next café).
      const guess = throttle.begin({ username: 'admin', address: `203.0.113.${step % 200}` });
      if (guess.waitMs === 0) evaluated++;
      if (step % 120 === 0) {
        // Every 30 s the owner logs in, from the browser that logged in before and from the known address.
        for (const client of [ownerDevice, owner]) {
          const attempt = throttle.begin(client);
          if (attempt.waitMs > 0) ownerRefused++;
          else attempt.succeeded();
        }
      }
    }
    expect(ownerRefused).toBe(0);
    // Far under one evaluated guess per second: the free ones, then one per lock (1 s doubling to 60 s).
    expect(evaluated / (attackMs / 1000)).toBeLessThan(0.05);
    expect(evaluated).toBeGreaterThan(PER_USER.freeFailures);
    // A stranger is still held up, and a guessed device id is a stranger's.
    expect(throttle.begin({ username: 'admin', address: '203.0.113.250' }).waitMs).toBeGreaterThan(0);
  });

  it("locks a device or a known address that guesses on its own, not the owner's others", () => {
    let now = 9_000_000;
    const throttle = new LoginThrottle(
      () => 'admin',
      () => now,
    );
    const known = { username: 'admin', address: '192.0.2.1' };
    throttle.begin(known).succeeded();
    const device = { username: 'admin', address: '192.0.2.7', device: 'lost-laptop' };
    for (let i = 0; i <= PER_USER.freeFailures; i++) expect(throttle.begin(device).waitMs).toBe(0);
    expect(throttle.begin(device).waitMs).toBeGreaterThan(0);
    expect(throttle.begin({ ...device, device: 'desktop' }).waitMs).toBe(0);
    for (let i = 0; i <= PER_USER.freeFailures; i++) throttle.begin(known);
    expect(throttle.begin(known).waitMs).toBeGreaterThan(0);
    expect(throttle.begin({ ...device, device: 'desktop' }).waitMs).toBe(0);
    // Neither counted against the user's lock for other clients.
    expect(throttle.begin({ username: 'admin', address: '203.0.113.1' }).waitMs).toBe(0);
    // A known address is forgotten after a month without a successful login from it.
    now += 31 * 24 * 3600_000;
    for (let i = 0; i <= PER_USER.freeFailures; i++)
      throttle.begin({ username: 'admin', address: '203.0.113.2' });
    expect(throttle.begin(known).waitMs).toBeGreaterThan(0);
  });

  it("over HTTP: the owner's browser and address get in while a stranger keeps the account locked", async () => {
    const auth = { username: 'admin', password: 'right one', tokenTtlSeconds: 60 };
    await withDataDir('ks-device-', async (dataDir) => {
      t = await startTestApp({ auth }, dataDir);
      const first = await attempt(t, 'admin', 'right one', '192.0.2.10');
      expect(first.statusCode).toBe(200);
      const cookie = deviceCookie(first);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/login' });
      expect(cookie.maxAge).toBeGreaterThan(30 * 24 * 3600);
      const device = { [DEVICE_COOKIE]: cookie.value };

      // A stranger guesses (from ever new addresses) until the account is locked for everyone else; the
      // first locks are short, so each check below comes right after the stranger locked it again.
      let stranger = 0;
      const lockOut = async (username = 'admin') => {
        for (let i = 0; i < 20; i++) {
          const res = await attempt(t!, username, `guess ${i}`, `198.51.100.${stranger++ % 250}`);
          if (res.statusCode === 429) return;
        }
        throw new Error(`${username} was never locked`);
      };
      await lockOut();
      expect((await attempt(t, 'admin', 'right one', '198.51.100.251')).statusCode).toBe(429);

      // The browser that logged in before, from an address it never used, and the address the owner used.
      await lockOut();
      const fromDevice = await attempt(t, 'admin', 'right one', '203.0.113.200', device);
      expect(fromDevice.statusCode).toBe(200);
      expect(deviceCookie(fromDevice).value).toBe(cookie.value); // renewed: the same device
      await lockOut();
      expect((await attempt(t, 'admin', 'right one', '192.0.2.10')).statusCode).toBe(200);

      // An altered cookie is a stranger's; so is the cookie with another user name (it is bound to 'admin').
      const [id, mac] = cookie.value.split('.');
      const altered = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}.${mac}`;
      await lockOut();
      expect(
        (await attempt(t, 'admin', 'right one', '203.0.113.201', { [DEVICE_COOKIE]: altered })).statusCode,
      ).toBe(429);
      await lockOut('other');
      expect((await attempt(t, 'other', 'x', '203.0.113.202', device)).statusCode).toBe(429);
      // The device cookie opens nothing by itself.
      expect((await t.inject({ url: '/api/projects', cookies: device })).statusCode).toBe(401);

      // The key survives a restart: the same browser keeps its allowance.
      await t.close();
      t = await startTestApp({ auth }, dataDir);
      await lockOut();
      expect((await attempt(t, 'admin', 'right one', '203.0.113.203', device)).statusCode).toBe(200);
      await t.close();
      t = undefined;
    });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app';
import { isLoopbackAddress, reachableFromOtherMachines } from '../http/reach';
import { startTestApp, type TestApp } from '../test/harness';

let t: TestApp | undefined;
let other: FastifyInstance | undefined;
afterEach(async () => {
  await other?.close();
  other = undefined;
  await t?.close();
  t = undefined;
});

describe('whether other machines can reach the server', () => {
  it('reads loopback addresses as this machine only, any other bound address or proxy name as reachable', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.1.1', 'LOCALHOST']) {
      expect(isLoopbackAddress(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'studio.example.org', '10.0.0.1']) {
      expect(isLoopbackAddress(host), host).toBe(false);
    }
    expect(reachableFromOtherMachines('127.0.0.1', [])).toBe(false);
    expect(reachableFromOtherMachines('127.0.0.1', ['localhost'])).toBe(false);
    expect(reachableFromOtherMachines('0.0.0.0', [])).toBe(true);
    expect(reachableFromOtherMachines('127.0.0.1', ['studio.example.org'])).toBe(true);
  });

  it('GET /api/config says so, and that the default models are not only set at start', async () => {
    t = await startTestApp();
    const local = (await t.inject({ url: '/api/config' })).json();
    expect(local.instance).toEqual({
      reachable_from_other_machines: false,
      default_models_set_at_start: false,
    });
    other = createApp(t.deps, { boundHost: '0.0.0.0' });
    await other.ready();
    const wide = (await other.inject({ url: '/api/config', headers: { host: 'localhost' } })).json();
    expect(wide.instance.reachable_from_other_machines).toBe(true);
  });
});

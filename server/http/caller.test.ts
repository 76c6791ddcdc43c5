import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callerOf } from './caller';

const app = Fastify();
beforeAll(async () => {
  await app.register(cookie);
  app.get('/caller', async (request) => ({
    caller: callerOf(request, (request.query as { login?: string }).login === 'on'),
  }));
  await app.ready();
});
afterAll(() => app.close());

const callerFor = async (login: 'on' | 'off', headers: Record<string, string>, remoteAddress = '10.0.0.1') =>
  (await app.inject({ url: `/caller?login=${login}`, headers, remoteAddress })).json().caller as string;

it('with login on, each session is its own caller, named by a digest of its token, never the token', async () => {
  const one = await callerFor('on', { authorization: 'Bearer token-one' });
  const two = await callerFor('on', { authorization: 'Bearer token-two' });
  expect(one).not.toBe(two);
  expect(await callerFor('on', { cookie: 'ks_session=token-one' }, '10.0.0.9')).toBe(one);
  expect(one).not.toContain('token-one');
});

it('with login off, the caller is the client address, whatever token it sends', async () => {
  const a = await callerFor('off', { authorization: 'Bearer one' }, '10.0.0.1');
  expect(await callerFor('off', { authorization: 'Bearer two' }, '10.0.0.1')).toBe(a);
  expect(await callerFor('off', {}, '10.0.0.2')).not.toBe(a);
});

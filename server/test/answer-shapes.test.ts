import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkAnswerShapes } from './answer-shapes';

/** A bare app with routes that answer wrongly on purpose: the check must catch each. */
async function appAnswering(body: unknown, url = '/api/util/ping') {
  const app = Fastify();
  checkAnswerShapes(app);
  app.get(url, async () => body);
  await app.ready();
  const res = await app.inject({ method: 'GET', url });
  await app.close();
  return res;
}

describe('checkAnswerShapes', () => {
  it('lets an answer the protocol describes through unchanged', async () => {
    const res = await appAnswering({ status: 'ok' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('turns an answer with a key the protocol does not declare into a 500 naming it', async () => {
    const res = await appAnswering({ status: 'ok', uptime: 3 });
    expect(res.statusCode).toBe(500);
    expect(res.json().detail).toContain('uptime');
  });

  it('turns an answer missing a declared field into a 500 naming it', async () => {
    const res = await appAnswering({ state: 'ok' });
    expect(res.statusCode).toBe(500);
    expect(res.json().detail).toMatch(/status/);
  });

  it('refuses a route the protocol has no answer for', async () => {
    const res = await appAnswering({ any: 1 }, '/api/unlisted');
    expect(res.statusCode).toBe(500);
    expect(res.json().detail).toContain('GET /api/unlisted has no answer schema');
  });
});

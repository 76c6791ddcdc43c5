import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenSqlCorpus } from './broken-sql';
import { multipartFile, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.inject({
    method: 'PUT',
    url: '/api/files/docs',
    ...multipartFile(
      'file',
      'docs.csv',
      'id,body,author\n1,refunds take five days,ann\n2,shipping is free,bo\n',
    ),
  });
  await t.sql(`CREATE KNOWLEDGE_BASE kb USING content_columns = ['body'], metadata_columns = ['author']`);
  await t.sql('INSERT INTO kb SELECT id, body, author FROM files.docs');
  await t.sql(`CREATE AGENT ag USING data = {"knowledge_bases": ["mindsdb.kb"]}`);
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** What every answer to bad input must be: a 4xx problem body, or a SQL `error` result; never internals. */
async function expectCleanRefusal(opts: InjectOptions, label: string) {
  const res = await t.inject(opts);
  const text = res.body;
  expect(res.statusCode, `${label}: ${text.slice(0, 200)}`).toBeLessThan(500);
  expect(text, label).not.toMatch(/\n\s+at [\w.<>]+ \(|\.ts:\d+:\d+|node_modules/);
  if (res.statusCode >= 400) {
    expect(res.headers['content-type'], label).toContain('application/problem+json');
    expect(typeof res.json().title, label).toBe('string');
  }
  return res;
}

const HUGE = 'x'.repeat(10 * 1024 * 1024);
const ODD_NAMES = [
  "a'b",
  'a"b',
  'a%2Fb',
  'a%5Cb',
  '%C3%A9t%C3%A9',
  '%F0%9F%92%A5',
  "x'%3B%20DROP%20TABLE%20projects%3B--",
  '%60x%60',
  '..',
  '%00',
  'a'.repeat(300),
];

/** Every JSON route, with a body that would be accepted, to break in every way. */
const JSON_ROUTES: { method: 'POST' | 'PUT'; url: string; body: Record<string, unknown> }[] = [
  { method: 'POST', url: '/api/login', body: { username: 'a', password: 'b' } },
  { method: 'POST', url: '/api/sql/query', body: { query: 'SHOW PROJECTS', context: { db: 'mindsdb' } } },
  {
    method: 'POST',
    url: '/api/projects/mindsdb/knowledge_bases',
    body: { knowledge_base: { name: 'new_kb' } },
  },
  {
    method: 'PUT',
    url: '/api/projects/mindsdb/knowledge_bases/kb',
    body: { knowledge_base: { id_column: 'id' } },
  },
  { method: 'POST', url: '/api/projects/mindsdb/agents', body: { agent: { name: 'new_agent' } } },
  { method: 'PUT', url: '/api/projects/mindsdb/agents/ag', body: { agent: { prompt_template: 'hi' } } },
  {
    method: 'POST',
    url: '/api/projects/mindsdb/agents/ag/completions',
    body: { messages: [{ question: 'q', answer: '' }] },
  },
  {
    method: 'POST',
    url: '/api/projects/mindsdb/agents/ag/completions/stream',
    body: { messages: [{ question: 'q', answer: '' }] },
  },
];

/** Replaces the value at every leaf with values of the wrong type. */
function wrongTypeVariants(body: Record<string, unknown>): unknown[] {
  const out: unknown[] = [null, [], 'text', 42, true, [body]];
  for (const key of Object.keys(body)) {
    for (const bad of [null, 42, 'text', [], {}, [1, 2], true]) out.push({ ...body, [key]: bad });
    const inner = body[key];
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      for (const innerKey of Object.keys(inner)) {
        for (const bad of [null, 42, [], {}, true])
          out.push({ ...body, [key]: { ...inner, [innerKey]: bad } });
      }
    }
    const { [key]: _dropped, ...missing } = body;
    out.push(missing);
  }
  return out;
}

describe('every JSON route refuses bad bodies cleanly', () => {
  for (const route of JSON_ROUTES) {
    it(`${route.method} ${route.url}`, async () => {
      const label = `${route.method} ${route.url}`;
      const json = { 'content-type': 'application/json' };
      for (const payload of ['{', '{"a": }', '[1,', 'nul', '{"query": "x"} trailing', '\u0000']) {
        const res = await expectCleanRefusal(
          { method: route.method, url: route.url, payload, headers: json },
          `${label} ${payload}`,
        );
        expect(res.statusCode).toBe(400);
      }
      for (const payload of wrongTypeVariants(route.body)) {
        await expectCleanRefusal(
          { method: route.method, url: route.url, payload: JSON.stringify(payload), headers: json },
          `${label} ${JSON.stringify(payload).slice(0, 80)}`,
        );
      }
      const huge = await expectCleanRefusal(
        { method: route.method, url: route.url, payload: { ...route.body, extra: HUGE } },
        `${label} huge`,
      );
      expect([200, 201, 400, 401, 404, 409, 413]).toContain(huge.statusCode);
      await expectCleanRefusal(
        {
          method: route.method,
          url: route.url,
          payload: 'plain text',
          headers: { 'content-type': 'text/plain' },
        },
        `${label} text`,
      );
    });
  }
});

describe('odd names in paths', () => {
  it('answers 4xx for names with quotes, slashes, unicode and SQL', async () => {
    for (const name of ODD_NAMES) {
      for (const url of [
        `/api/tree/${name}`,
        `/api/projects/${name}/knowledge_bases`,
        `/api/projects/mindsdb/knowledge_bases/${name}`,
        `/api/projects/${name}/agents`,
        `/api/projects/mindsdb/agents/${name}`,
      ]) {
        const res = await expectCleanRefusal({ method: 'GET', url }, url);
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      }
      await expectCleanRefusal({ method: 'DELETE', url: `/api/files/${name}` }, `delete file ${name}`);
      await expectCleanRefusal(
        { method: 'DELETE', url: `/api/projects/mindsdb/knowledge_bases/${name}` },
        `delete kb ${name}`,
      );
      await expectCleanRefusal(
        { method: 'DELETE', url: `/api/projects/mindsdb/agents/${name}` },
        `delete agent ${name}`,
      );
      await expectCleanRefusal(
        { method: 'PUT', url: `/api/files/${name}`, ...multipartFile('file', `${name}.csv`, 'a\n1\n') },
        `upload ${name}`,
      );
    }
  });
});

describe('broken SQL', () => {
  it('answers every statement of the broken corpus with a result, never a 500', async () => {
    const corpus = brokenSqlCorpus();
    const kinds = { error: 0, ok: 0, table: 0 };
    for (const query of corpus) {
      const res = await t.inject({ method: 'POST', url: '/api/sql/query', payload: { query } });
      expect(res.statusCode, query).toBe(200);
      const body = res.json();
      expect(['error', 'ok', 'table'], query).toContain(body.type);
      kinds[body.type as keyof typeof kinds]++;
      if (body.type === 'error') {
        expect(body.error_message, query).not.toMatch(/\.ts:\d+|node_modules|\n\s+at /);
        expect(body.error_message.length, query).toBeGreaterThan(5);
      }
    }
    expect(kinds.error).toBeGreaterThan(corpus.length / 2);
    expect((await t.inject({ url: '/api/util/ping' })).statusCode).toBe(200);
    expect((await t.sql('SELECT count(*) AS n FROM files.docs')).data).toEqual([[2]]);
  }, 120_000);
});

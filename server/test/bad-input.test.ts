import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { brokenSqlCorpus } from './broken-sql';
import { multipartFile, startTestApp } from './harness';
import { useTestApp } from './use-test-app';

const t = useTestApp({}, async (app) => {
  await app.putFile(
    'docs',
    'docs.csv',
    'id,body,author\n1,refunds take five days,ann\n2,shipping is free,bo\n',
  );
  await app.sql(`CREATE KNOWLEDGE_BASE kb USING content_columns = ['body'], metadata_columns = ['author']`);
  await app.sql('INSERT INTO kb SELECT id, body, author FROM files.docs');
  await app.sql(`CREATE KNOWLEDGE_BASE put_kb USING content_columns = ['body']`);
  await app.sql(`CREATE AGENT ag USING data = {"knowledge_bases": ["mindsdb.kb"]}`);
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
  { method: 'POST', url: '/api/logout', body: {} },
  { method: 'POST', url: '/api/sql/query', body: { query: 'SHOW PROJECTS', context: { db: 'mindsdb' } } },
  {
    method: 'POST',
    url: '/api/projects/mindsdb/knowledge_bases',
    body: { knowledge_base: { name: 'new_kb', content_columns: ['body'], id_column: 'id' } },
  },
  {
    method: 'PUT',
    url: '/api/projects/mindsdb/knowledge_bases/put_kb',
    body: { knowledge_base: { id_column: 'id' } },
  },
  {
    method: 'PUT',
    url: '/api/projects/mindsdb/knowledge_bases/kb',
    body: { knowledge_base: { rows: [{ id: 'r9', body: 'returns are free', author: 'cy' }] } },
  },
  { method: 'POST', url: '/api/projects/mindsdb/agents', body: { agent: { name: 'new_agent' } } },
  {
    method: 'PUT',
    url: '/api/projects/mindsdb/agents/ag',
    body: { agent: { prompt_template: 'hi', model: { provider: 'local' } } },
  },
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
  {
    method: 'POST',
    url: '/api/projects/mindsdb/agents/ag/completions',
    body: { messages: [{ role: 'user', content: 'q' }] },
  },
];

/** Routes without a body: every one must still answer cleanly, whatever names its path holds. */
const GET_ROUTES = (name: string) => [
  `/api/tree/${name}`,
  `/api/projects/${name}/knowledge_bases`,
  `/api/projects/${name}/knowledge_bases/kb`,
  `/api/projects/mindsdb/knowledge_bases/${name}`,
  `/api/projects/mindsdb/knowledge_bases/${name}/progress`,
  `/api/projects/${name}/knowledge_bases/kb/progress`,
  `/api/projects/${name}/agents`,
  `/api/projects/${name}/agents/ag`,
  `/api/projects/mindsdb/agents/${name}`,
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

/** The server still answers, and the data it held is still there. */
async function expectAlive(label: string) {
  const ping = await t.inject({ url: '/api/util/ping' });
  expect(ping.statusCode, `${label}: ping`).toBe(200);
  expect((await t.sql('SELECT count(*) AS n FROM files.docs')).data, label).toEqual([[2]]);
}

/** Copies of a body with a 10 MB string in place of each string inside it, at any depth. */
function hugeFieldVariants(value: unknown): unknown[] {
  if (typeof value === 'string') return [HUGE];
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => hugeFieldVariants(item).map((v) => value.with(i, v)));
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) =>
      hugeFieldVariants(inner).map((v) => ({ ...value, [key]: v })),
    );
  }
  return [];
}

describe('every JSON route refuses bad bodies cleanly', () => {
  for (const route of JSON_ROUTES) {
    it(`${route.method} ${route.url} ${Object.keys(route.body).join(',')}`, async () => {
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
      for (const levels of [150, 100_000]) {
        const deep = `${'{"a":['.repeat(levels)}1${']}'.repeat(levels)}`;
        const res = await expectCleanRefusal(
          { method: route.method, url: route.url, payload: `{"deep": ${deep}}`, headers: json },
          `${label} nested ${levels}`,
        );
        expect(res.statusCode).toBe(400);
        expect(res.json().detail).toBe('The JSON body nests more than 100 levels deep');
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
      await expectAlive(label);
    });
  }
});

describe('10 MB strings inside fields', () => {
  for (const route of JSON_ROUTES.filter((r) => hugeFieldVariants(r.body).length > 0)) {
    it(`${route.method} ${route.url} ${Object.keys(route.body).join(',')}`, async () => {
      for (const payload of hugeFieldVariants(route.body)) {
        const at = JSON.stringify(payload).replace(HUGE, '<10 MB>').slice(0, 160);
        const res = await expectCleanRefusal(
          { method: route.method, url: route.url, payload: payload as Record<string, unknown> },
          `${route.method} ${route.url} ${at}`,
        );
        // A refusal names the problem, it never carries the input back whole.
        const stream = String(res.headers['content-type']).startsWith('text/event-stream');
        const refused = res.statusCode >= 400 || (!stream && res.json().type === 'error');
        if (refused) expect(res.body.length, at).toBeLessThan(5000);
        if (route.url === '/api/sql/query' && at.includes('"query":"<10 MB>"'))
          expect(res.json().type, at).toBe('error');
      }
      await expectAlive(route.url);
    }, 120_000);
  }
});

describe('odd names in paths', () => {
  it('answers 4xx for names with quotes, slashes, unicode and SQL', async () => {
    for (const name of ODD_NAMES) {
      for (const url of GET_ROUTES(name)) {
        const res = await expectCleanRefusal({ method: 'GET', url }, url);
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      }
      for (const url of [
        `/api/projects/mindsdb/agents/${name}/completions`,
        `/api/projects/mindsdb/agents/${name}/completions/stream`,
        `/api/projects/${name}/agents/ag/completions`,
      ]) {
        const res = await expectCleanRefusal(
          { method: 'POST', url, payload: { messages: [{ question: 'hi' }] } },
          url,
        );
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
        {
          method: 'PUT',
          url: `/api/projects/mindsdb/knowledge_bases/${name}`,
          payload: { knowledge_base: { rows: [{ id: '1', body: 'x' }] } },
        },
        `put rows ${name}`,
      );
      await expectCleanRefusal(
        { method: 'PUT', url: `/api/files/${name}`, ...multipartFile('file', `${name}.csv`, 'a\n1\n') },
        `upload ${name}`,
      );
      await expectCleanRefusal(
        { method: 'PUT', url: '/api/files/odd_upload', ...multipartFile('file', `${name}.csv`, 'a\n1\n') },
        `upload named ${name}`,
      );
    }
    await expectAlive('odd names');
  });
});

describe('unknown projects, knowledge bases and agents', () => {
  const missing: [InjectOptions & { url: string }, number][] = [
    [{ method: 'GET', url: '/api/projects/nope/knowledge_bases' }, 404],
    [{ method: 'GET', url: '/api/projects/nope/knowledge_bases/kb' }, 404],
    [{ method: 'GET', url: '/api/projects/mindsdb/knowledge_bases/nokb' }, 404],
    [{ method: 'GET', url: '/api/projects/mindsdb/knowledge_bases/nokb/progress' }, 404],
    [{ method: 'GET', url: '/api/projects/nope/knowledge_bases/kb/progress' }, 404],
    [
      {
        method: 'POST',
        url: '/api/projects/nope/knowledge_bases',
        payload: { knowledge_base: { name: 'x' } },
      },
      404,
    ],
    [
      {
        method: 'PUT',
        url: '/api/projects/mindsdb/knowledge_bases/nokb',
        payload: { knowledge_base: { rows: [{ id: '1', body: 'x' }] } },
      },
      404,
    ],
    [
      {
        method: 'PUT',
        url: '/api/projects/nope/knowledge_bases/kb',
        payload: { knowledge_base: { id_column: 'id' } },
      },
      404,
    ],
    [{ method: 'DELETE', url: '/api/projects/nope/knowledge_bases/kb' }, 404],
    [{ method: 'DELETE', url: '/api/projects/mindsdb/knowledge_bases/nokb' }, 404],
    [{ method: 'GET', url: '/api/projects/nope/agents' }, 404],
    [{ method: 'GET', url: '/api/projects/mindsdb/agents/noagent' }, 404],
    [{ method: 'POST', url: '/api/projects/nope/agents', payload: { agent: { name: 'x' } } }, 404],
    [
      {
        method: 'PUT',
        url: '/api/projects/mindsdb/agents/noagent',
        payload: { agent: { prompt_template: 'x' } },
      },
      404,
    ],
    [{ method: 'DELETE', url: '/api/projects/mindsdb/agents/noagent' }, 404],
    [
      {
        method: 'POST',
        url: '/api/projects/mindsdb/agents/noagent/completions',
        payload: { messages: [{ question: 'hi' }] },
      },
      404,
    ],
    [
      {
        method: 'POST',
        url: '/api/projects/mindsdb/agents/noagent/completions/stream',
        payload: { messages: [{ question: 'hi' }] },
      },
      404,
    ],
    [
      {
        method: 'POST',
        url: '/api/projects/nope/agents/ag/completions/stream',
        payload: { messages: [{ question: 'hi' }] },
      },
      404,
    ],
    [
      {
        method: 'POST',
        url: '/api/projects/mindsdb/agents',
        payload: { agent: { name: 'ghost', data: { knowledge_bases: ['nope.kb'] } } },
      },
      400,
    ],
    // MindsDB answers these two with 400 (and names the object).
    [{ method: 'GET', url: '/api/tree/nope' }, 400],
    [{ method: 'DELETE', url: '/api/files/nope' }, 400],
  ];

  it('answers 404 problem bodies naming the missing object', async () => {
    for (const [route, status] of missing) {
      const label = `${route.method} ${route.url}`;
      const res = await expectCleanRefusal(route, label);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      expect(res.json().detail, label).toMatch(/nope|nokb|noagent/);
    }
    await expectAlive('unknown objects');
  });

  it('answers SQL on them with error results naming them', async () => {
    for (const query of [
      "SELECT * FROM nope.kb WHERE content = 'x'",
      "SELECT * FROM mindsdb.nokb WHERE content = 'x'",
      'SELECT * FROM nokb',
      "SELECT answer FROM nope.ag WHERE question = 'x'",
      "INSERT INTO mindsdb.nokb (id, body) VALUES ('1', 'x')",
      "INSERT INTO nope.kb (id, body) VALUES ('1', 'x')",
      'INSERT INTO mindsdb.nokb SELECT id, body FROM files.docs',
      'INSERT INTO mindsdb.kb SELECT id, body FROM files.nofile',
      "DELETE FROM mindsdb.nokb WHERE id = '1'",
      'DESCRIBE KNOWLEDGE_BASE nokb',
      'DESCRIBE AGENT noagent',
      'DESCRIBE nope.kb',
      'DROP KNOWLEDGE_BASE nokb',
      'DROP AGENT noagent',
      'DROP PROJECT nope',
      'ALTER KNOWLEDGE_BASE nokb USING reranking_model = false',
      "ALTER AGENT noagent USING prompt_template = 'x'",
      'USE nope',
      'SHOW TABLES FROM nope',
      'SHOW KNOWLEDGE_BASES FROM nope',
      'SHOW AGENTS FROM nope',
      'SELECT * FROM files.nofile',
      `CREATE AGENT ghost USING data = {"knowledge_bases": ["nope.kb"]}`,
      `CREATE KNOWLEDGE_BASE nope.kb2 USING content_columns = ['body']`,
    ]) {
      const res = await t.inject({ method: 'POST', url: '/api/sql/query', payload: { query } });
      expect(res.statusCode, query).toBe(200);
      const body = res.json();
      expect(body.type, `${query}: ${res.body}`).toBe('error');
      expect(body.error_message, query).toMatch(/nope|nokb|noagent|nofile/);
    }
    await expectAlive('unknown objects in SQL');
  });
});

describe('uploads that cannot be read', () => {
  it('answer 4xx problems, even for files that would take the engine down', async () => {
    const files: [string, string | Buffer][] = [
      ['empty.csv', ''],
      ['binary.csv', Buffer.from([0, 1, 2, 255, 0, 7])],
      ['fake.parquet', Buffer.concat([Buffer.from('PAR1'), Buffer.alloc(64, 7)])],
      // Nested 10,000 deep, a JSON file crashed the engine (and the server with it); 1,000 deep took a minute.
      ['deep.json', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
      ['deep-objects.json', `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`],
      ['broken.json', '{"a": '],
    ];
    for (const [name, content] of files) {
      const res = await expectCleanRefusal(
        { method: 'PUT', url: '/api/files/bad_upload', ...multipartFile('file', name, content) },
        name,
      );
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
    }
    const boundary = '----ks-test-boundary';
    for (const payload of [
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\na\n1\n`,
      'not multipart at all',
      `--${boundary}\r\nbroken header\r\n\r\nx\r\n--${boundary}--\r\n`,
    ]) {
      const res = await expectCleanRefusal(
        {
          method: 'PUT',
          url: '/api/files/bad_upload',
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        },
        payload.slice(0, 40),
      );
      expect(res.statusCode, res.body).toBe(400);
    }
    const shallow = `[${'{"a":'.repeat(20)}1${'}'.repeat(20)}]`;
    const ok = await t.inject({
      method: 'PUT',
      url: '/api/files/nested_ok',
      ...multipartFile('file', 'ok.json', shallow),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await expectAlive('uploads');
  });
});

describe('statements whose answer would not fit in memory', () => {
  it('are refused with an error result, and the server keeps answering', async () => {
    for (const query of [
      'SELECT * FROM generate_series(1, 100000000)',
      'SELECT a.range AS a, b.range AS b FROM range(100000) a, range(100000) b',
      'SELECT * FROM range(100001)',
    ]) {
      const res = await t.sql(query);
      expect(res.type, query).toBe('error');
      expect(res.error_message, query).toBe(
        'The query returns more than 100,000 rows: add a LIMIT, a WHERE or an aggregate',
      );
    }
    expect((await t.sql('SELECT count(*) AS n FROM range(100000000)')).data).toEqual([[100000000]]);
    expect((await t.sql('SELECT * FROM range(100000)')).data).toHaveLength(100000);
    const insert = await t.sql('INSERT INTO put_kb SELECT range AS id, range AS body FROM range(1000001)');
    expect(insert.error_message).toMatch(/more than 1,000,000 rows/);
    await expectAlive('huge results');
  });

  it('are stopped when they run past the time limit, and the next statement runs', async () => {
    const quick = await startTestApp({ sqlTimeoutMs: 300 });
    try {
      const res = await quick.sql('SELECT count(*) AS n FROM range(1000000000000)');
      expect(res).toMatchObject({
        type: 'error',
        error_message: 'The query ran longer than 0.3 s and was stopped',
      });
      expect((await quick.sql('SELECT 42 AS answer')).data).toEqual([[42]]);
    } finally {
      await quick.close();
    }
  });

  it('are answered without exhausting the stack, however deeply they nest', async () => {
    // Each is refused by the dialect's own bounds, in one pass over its tokens, before any parser recursion or
    // the engine (whose planner takes minutes over 50,000 ORs) sees it.
    const deep = /nests more than 1000 levels deep/;
    for (const [query, refusal] of [
      [`SELECT ${'('.repeat(100_000)}1${')'.repeat(100_000)}`, deep],
      [`SELECT * FROM kb WHERE ${'('.repeat(50_000)}id = '1'${')'.repeat(50_000)}`, deep],
      [
        `SELECT * FROM kb WHERE ${Array.from({ length: 50_000 }, (_, i) => `id = '${i}'`).join(' OR ')}`,
        /joins more than 1000 conditions with AND \/ OR/,
      ],
      [
        `SELECT * FROM (SELECT * FROM files.docs) d WHERE ${Array.from({ length: 50_000 }, (_, i) => `id = ${i}`).join(' OR ')}`,
        /joins more than 1000 conditions with AND \/ OR/,
      ],
      [
        `CREATE KNOWLEDGE_BASE deep USING embedding_model = ${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
        deep,
      ],
      [
        `CREATE KNOWLEDGE_BASE deep USING metadata_columns = ${'['.repeat(100_000)}${']'.repeat(100_000)}`,
        deep,
      ],
      [';'.repeat(500_000), /send one statement at a time/],
    ] as const) {
      const res = await t.inject({ method: 'POST', url: '/api/sql/query', payload: { query } });
      expect(res.statusCode).toBe(200);
      expect(res.json().type, query.slice(0, 80)).toBe('error');
      expect(res.json().error_message, query.slice(0, 80)).toMatch(refusal);
    }
    // Up to the bound, an OR list still runs.
    const list = Array.from({ length: 1000 }, (_, i) => `id = ${i}`).join(' OR ');
    const allowed = await t.sql(`SELECT count(*) AS n FROM (SELECT * FROM files.docs) d WHERE ${list}`);
    expect(allowed.type, allowed.error_message).toBe('table');
    expect(allowed.data).toEqual([[2]]);
    await expectAlive('deep nesting');
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

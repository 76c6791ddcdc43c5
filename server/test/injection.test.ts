import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectNamePattern } from '../../protocol/api/files';
import { startFakeProvider, textReply, toolCallReply, type FakeProvider } from './fake-provider';
import { sqlString } from '../providers/chat/tool-protocol';
import type { Expr } from '../dialect/ast';
import { parseStatement } from '../dialect/parser';
import { searchFromWhere } from '../sql/kb-where';
import { multipartFile } from './harness';
import { useTestApp } from './use-test-app';
import {
  createAgent,
  events as streamEvents,
  fakeModel,
  stream as streamAgent,
  toolSteps,
} from './agent-test-kit';

/** Values that would change a statement if they were pasted into it instead of quoted. */
const PAYLOADS = [
  "' OR 1=1 --",
  "' OR '1'='1",
  "'; DROP TABLE files.docs; --",
  "'; DROP KNOWLEDGE_BASE mindsdb.kb; --",
  "\\' OR 1=1 --",
  'a\\',
  '\\\\',
  '`files`.`docs`',
  '"; DROP AGENT ag; --',
  '{}',
  '{"provider": "openai"}',
  '%',
  '_',
  '*/ OR 1=1 /*',
  ')) OR ((1=1',
  "line\nbreak' --",
  "O'Brien",
  'ünïcödé 💥',
];

/** One row per payload, with the payload as its author and inside its text. */
const ROWS = [
  { id: 'r00', body: 'Refunds take five days to reach the card.', author: 'ann' },
  { id: 'r01', body: 'Shipping is free above fifty euros.', author: 'bo' },
  ...PAYLOADS.map((p, i) => ({
    id: `p${String(i).padStart(2, '0')}`,
    body: `Note ${i} quotes the text ${p} verbatim.`,
    author: p,
  })),
];

const t = useTestApp({}, async (app) => {
  await app.putFile('docs', 'docs.csv', Papa.unparse(ROWS, { newline: '\n' }));
  for (const q of [
    `CREATE KNOWLEDGE_BASE kb USING content_columns = ['body'], metadata_columns = ['author'], id_column = 'id'`,
    'INSERT INTO kb SELECT id, body, author FROM files.docs',
    `CREATE AGENT ag USING data = {"knowledge_bases": ["mindsdb.kb"], "tables": ["files.docs"]}`,
  ]) {
    await app.sqlOk(q);
  }
});

/** Everything a statement could have damaged: catalog objects, the user's table, the KB's chunks. */
async function snapshot() {
  const names = async (q: string) => ((await t.sql(q)).data as string[][]).map((r) => r[0]).sort();
  return {
    projects: await names('SHOW PROJECTS'),
    kbs: await names('SHOW KNOWLEDGE_BASES'),
    agents: await names('SHOW AGENTS'),
    files: ((await t.inject({ url: '/api/files' })).json() as { name: string }[]).map((f) => f.name).sort(),
    docs: (await t.sql('SELECT id, body, author FROM files.docs ORDER BY id')).data,
    chunks: await t.deps.knowledgeBases.countChunks('mindsdb', 'kb'),
  };
}

let before: Awaited<ReturnType<typeof snapshot>>;
beforeAll(async () => {
  before = await snapshot();
  expect(before.docs).toHaveLength(ROWS.length);
  expect(before.chunks).toBe(ROWS.length);
});

const idsWhere = (pick: (r: (typeof ROWS)[number]) => boolean) =>
  ROWS.filter(pick)
    .map((r) => r.id)
    .sort();

const conjuncts = (e: Expr | undefined): Expr[] =>
  !e ? [] : e.type === 'and' ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];

const sortedIds = (result: { data: unknown[][] }) => result.data.map((r) => String(r[0])).sort();

describe('values in knowledge base searches', () => {
  it('reach the semantic search as the literal text', async () => {
    for (const p of PAYLOADS) {
      const res = await t.sql(
        `SELECT id, chunk_id, relevance FROM kb WHERE content = ${sqlString(p)} LIMIT 5`,
      );
      expect(res.type, `${p}: ${res.error_message}`).toBe('table');
      const direct = await t.deps.knowledgeBases.search('mindsdb', 'kb', { query: p, limit: 5 });
      expect(res.data, p).toEqual(direct.map((r) => [r.id, r.chunk_id, r.relevance]));
      const like = await t.sql(`SELECT id FROM kb WHERE content LIKE ${sqlString(`%${p}%`)} LIMIT 5`);
      expect(like.type, p).toBe('table');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('filter metadata by exactly the value given', async () => {
    for (const p of PAYLOADS) {
      const eq = await t.sql(`SELECT id FROM kb WHERE author = ${sqlString(p)}`);
      expect(eq.type, `${p}: ${eq.error_message}`).toBe('table');
      expect(sortedIds(eq), p).toEqual(idsWhere((r) => r.author === p));
      const ne = await t.sql(`SELECT id FROM kb WHERE author != ${sqlString(p)} LIMIT 100`);
      expect(sortedIds(ne), p).toEqual(idsWhere((r) => r.author !== p));
      const inList = await t.sql(`SELECT id FROM kb WHERE author IN (${sqlString(p)}, 'ann')`);
      expect(sortedIds(inList), p).toEqual(idsWhere((r) => r.author === p || r.author === 'ann'));
      const byId = await t.sql(`SELECT id FROM kb WHERE id = ${sqlString(p)}`);
      expect(byId.data, p).toEqual([]);
      const semantic = await t.sql(
        `SELECT id FROM kb WHERE content = 'refunds' AND author = ${sqlString(p)} LIMIT 50`,
      );
      expect(sortedIds(semantic), p).toEqual(idsWhere((r) => r.author === p));
    }
    expect(await snapshot()).toEqual(before);
  });

  it('match LIKE patterns on metadata as patterns of that text only', async () => {
    const quoted = await t.sql(`SELECT id FROM kb WHERE author LIKE ${sqlString("%'%")} LIMIT 100`);
    expect(sortedIds(quoted)).toEqual(idsWhere((r) => r.author.includes("'")));
    // As in MySQL, a backslash escapes the next character of a LIKE pattern: `%\\` is "ends with a backslash".
    const slash = await t.sql(`SELECT id FROM kb WHERE author LIKE ${sqlString('%\\\\')} LIMIT 100`);
    expect(sortedIds(slash)).toEqual(idsWhere((r) => r.author.endsWith('\\')));
    const percent = await t.sql(`SELECT id FROM kb WHERE author LIKE ${sqlString('%\\%')} LIMIT 100`);
    expect(sortedIds(percent)).toEqual(idsWhere((r) => r.author.endsWith('%')));
  });

  it('delete only the rows the value names', async () => {
    for (const p of PAYLOADS) {
      const res = await t.sql(`DELETE FROM kb WHERE id = ${sqlString(p)}`);
      expect(res, p).toMatchObject({ type: 'ok', affected_rows: 0 });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('values in SQL over files', () => {
  it('select exactly the rows whose value equals the literal', async () => {
    for (const p of PAYLOADS) {
      const res = await t.sql(`SELECT id FROM files.docs WHERE author = ${sqlString(p)} ORDER BY id`);
      expect(res.type, `${p}: ${res.error_message}`).toBe('table');
      expect(sortedIds(res), p).toEqual(idsWhere((r) => r.author === p));
    }
    expect(await snapshot()).toEqual(before);
  });

  it('insert into a knowledge base only what the SELECT over the literal returns', async () => {
    expect(
      (await t.sql(`CREATE KNOWLEDGE_BASE kb_sel USING content_columns = ['body'], id_column = 'id'`)).type,
    ).toBe('ok');
    for (const p of PAYLOADS) {
      const res = await t.sql(
        `INSERT INTO kb_sel SELECT id, body FROM files.docs WHERE author = ${sqlString(p)}`,
      );
      expect(res, p).toMatchObject({ type: 'ok', affected_rows: idsWhere((r) => r.author === p).length });
    }
    expect(await t.deps.knowledgeBases.countChunks('mindsdb', 'kb_sel')).toBe(PAYLOADS.length);
    expect((await t.sql('DROP KNOWLEDGE_BASE kb_sel')).type).toBe('ok');
    expect(await snapshot()).toEqual(before);
  });
});

describe('agent questions', () => {
  const ask = async (question: string) => {
    const res = await streamAgent(t, 'ag', [{ question }]);
    expect(res.statusCode).toBe(200);
    return streamEvents(res.body);
  };

  it('become the literal search text of the knowledge base queries the agent runs', async () => {
    for (const p of PAYLOADS) {
      const question = `What does the note say about ${p}`;
      const events = await ask(question);
      expect(events.at(-1), p).toEqual({ type: 'end' });
      expect(
        events.some((e) => e.type === 'error'),
        `${p}: ${JSON.stringify(events)}`,
      ).toBe(false);
      const queries = events
        .flatMap((e) => e.actions ?? [])
        .filter((a: { tool: string }) => a.tool === 'kb_query_tool');
      expect(queries.length, p).toBeGreaterThan(0);
      for (const action of queries) {
        const statement = parseStatement(action.tool_input);
        expect(statement.kind).toBe('select');
        const where = statement.kind === 'select' ? statement.simple?.where : undefined;
        const content = conjuncts(where).find(
          (e) => e.type === 'binary' && e.left.type === 'column' && e.left.name === 'content',
        );
        expect(content, action.tool_input).toMatchObject({
          type: 'binary',
          op: '=',
          right: { type: 'literal' },
        });
        // The first search is the question itself; a second one may append its words' synonyms after it.
        const text =
          content?.type === 'binary' && content.right.type === 'literal' ? content.right.value : null;
        expect(
          text === question || (typeof text === 'string' && text.startsWith(`${question} `)),
          action.tool_input,
        ).toBe(true);
      }
      // The observation holds exactly the rows that search gives for the literal question.
      const first = queries[0].tool_input as string;
      const statement = parseStatement(first);
      if (statement.kind !== 'select' || !statement.simple) throw new Error(first);
      const search = searchFromWhere(statement.simple.where);
      expect(search.query, p).toBe(question);
      const direct = await t.deps.knowledgeBases.search('mindsdb', 'kb', {
        ...search,
        limit: statement.simple.limit,
      });
      const step = events.find((e) => e.steps?.[0]?.action.tool_input === first);
      const observation: string = step.steps[0].observation;
      const rows = Papa.parse<string[]>(observation.slice(observation.indexOf('\n') + 1), {
        skipEmptyLines: true,
      }).data;
      expect(
        rows.slice(1).map((r) => r[1]),
        p,
      ).toEqual(direct.map((r) => r.chunk_id));
    }
    expect(await snapshot()).toEqual(before);
  });

  it('reach the agent unchanged through SELECT answer FROM agent', async () => {
    for (const p of PAYLOADS) {
      const res = await t.sql(`SELECT question, answer, trace_id FROM ag WHERE question = ${sqlString(p)}`);
      expect(res.type, `${p}: ${res.error_message}`).toBe('table');
      expect(res.data[0][0], p).toBe(p);
      expect(t.deps.agentRuns.find(res.data[0][2])?.question, p).toBe(p);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('SQL an agent runs', () => {
  let fake: FakeProvider;
  afterAll(async () => {
    await fake?.close();
  });

  it('reads only the tables the agent was given, however its strings are escaped', async () => {
    const secret = await t.inject({
      method: 'PUT',
      url: '/api/files/secret',
      ...multipartFile('file', 's.csv', 'id,code\n1,TOP-SECRET-42\n'),
    });
    expect(secret.statusCode).toBe(200);
    const attempts = [
      // One string to our parser; a string and a UNION to an engine that reads no backslash escapes.
      "SELECT id, body FROM files.docs WHERE body = 'x\\'' UNION ALL SELECT id, code FROM files.secret --'",
      "SELECT id, body FROM files.docs WHERE body = 'x\\' UNION ALL SELECT id, code FROM files.secret --'",
      'SELECT id, body FROM files.docs UNION ALL SELECT id, code FROM `files`.`secret`',
      'SELECT * FROM files.docs, (SELECT code FROM "files"."secret") s',
      'WITH docs AS (SELECT * FROM files.secret) SELECT * FROM docs',
      "SELECT * FROM read_csv('secret.csv')",
    ];
    fake = await startFakeProvider((_, i) =>
      i < attempts.length ? toolCallReply('sql_db_query', { query: attempts[i] }) : textReply('done'),
    );
    await createAgent(t, { name: 'ag_sql', model: fakeModel(fake), data: { tables: ['files.docs'] } });
    const res = await streamAgent(t, 'ag_sql', [{ question: 'list the docs' }]);
    const steps = toolSteps(res.body);
    expect(steps.map((st) => st.action.tool_input)).toEqual(attempts);
    for (const st of steps) {
      expect(st.observation, st.action.tool_input).not.toContain('TOP-SECRET-42');
    }
    expect(res.body).not.toContain('TOP-SECRET-42');
    expect(
      (await t.inject({ method: 'DELETE', url: '/api/projects/mindsdb/agents/ag_sql' })).statusCode,
    ).toBe(204);
    expect((await t.inject({ method: 'DELETE', url: '/api/files/secret' })).statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
  });
});

describe('file names', () => {
  it('refuses table names that are not plain names, and reads uploaded file names as data', async () => {
    const names = PAYLOADS.concat(['docs; DROP TABLE docs', 'docs"', 'docs--', '..%2Fdocs']);
    for (const name of names.filter((n) => !objectNamePattern.test(n))) {
      const res = await t.inject({
        method: 'PUT',
        url: `/api/files/${encodeURIComponent(name)}`,
        ...multipartFile('file', 'x.csv', 'id\n1\n'),
      });
      expect(res.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, name).toBeLessThan(500);
      const del = await t.inject({ method: 'DELETE', url: `/api/files/${encodeURIComponent(name)}` });
      expect(del.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(del.statusCode, name).toBeLessThan(500);
    }
    for (const [i, filename] of ["'; DROP TABLE files.docs; --.csv", '`docs`.csv', '{}.csv'].entries()) {
      const res = await t.inject({
        method: 'PUT',
        url: `/api/files/upload_${i}`,
        ...multipartFile('file', filename, 'id,v\n1,one\n'),
      });
      expect(res.statusCode, filename).toBe(200);
      expect((await t.sql(`SELECT id, v FROM files.upload_${i}`)).data).toEqual([[1, 'one']]);
      expect((await t.inject({ method: 'DELETE', url: `/api/files/upload_${i}` })).statusCode).toBe(200);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('USING blocks', () => {
  it('store braces, quotes and statements inside values as text', async () => {
    const note = '}; DROP KNOWLEDGE_BASE mindsdb.kb; --';
    const prompt = "Answer {question} from {{context}} }'); DROP AGENT ag; --";
    const created = await t.sql(
      `CREATE KNOWLEDGE_BASE kb_using USING content_columns = ['body'], id_column = 'id',
        embedding_model = {"provider": "local", "note": ${JSON.stringify(note)}, "nested": {"x": "{}"}},
        metadata_columns = ['a\`b', 'c''d', '{}']`,
    );
    expect(created.type, created.error_message).toBe('ok');
    const described = await t.sql('DESCRIBE KNOWLEDGE_BASE kb_using');
    const model = described.data[0][described.column_names.indexOf('EMBEDDING_MODEL')];
    expect(model).toMatchObject({ provider: 'local', note, nested: { x: '{}' } });
    expect(described.data[0][described.column_names.indexOf('METADATA_COLUMNS')]).toEqual([
      'a`b',
      "c'd",
      '{}',
    ]);

    const agent = await t.sql(
      `CREATE AGENT ag_using USING prompt_template = ${sqlString(prompt)}, data = {"knowledge_bases": ["mindsdb.kb"]}`,
    );
    expect(agent.type, agent.error_message).toBe('ok');
    const shown = await t.sql('DESCRIBE AGENT ag_using');
    expect(shown.data[0][shown.column_names.indexOf('prompt_template')]).toBe(prompt);

    for (const q of [
      `CREATE AGENT ag_bad USING data = {"knowledge_bases": ["mindsdb.kb'); DROP TABLE files.docs; --"]}`,
      `CREATE AGENT ag_bad USING data = {"tables": ["files.docs; DROP TABLE files.docs"]}`,
      `CREATE KNOWLEDGE_BASE kb_bad USING content_columns = ['body'], embedding_model = {"provider": "local"}}; DROP KNOWLEDGE_BASE kb; --`,
      `CREATE KNOWLEDGE_BASE kb_bad USING content_columns = ['body'], embedding_model = {"provider": "local", }`,
      `CREATE KNOWLEDGE_BASE kb_bad USING preprocessing = {"text_chunking_config": {"chunk_size": "}; DROP"}}`,
      `ALTER KNOWLEDGE_BASE kb USING embedding_model = {"provider": "openai'); DROP TABLE x; --"}`,
    ]) {
      const res = await t.sql(q);
      expect(res.type, `${q}: ${JSON.stringify(res)}`).toBe('error');
    }
    expect(await snapshot()).toEqual({
      ...before,
      kbs: [...before.kbs, 'kb_using'].sort(),
      agents: [...before.agents, 'ag_using'].sort(),
    });
    expect((await t.sql('DROP AGENT ag_using')).type).toBe('ok');
    expect((await t.sql('DROP KNOWLEDGE_BASE kb_using')).type).toBe('ok');
  });

  it('filters on metadata columns with odd names by exactly those names', async () => {
    const col = 'we"ird\'col`';
    const ident = `\`${col.replace(/`/g, '``')}\``;
    expect((await t.sql(`CREATE KNOWLEDGE_BASE kb_cols USING id_column = 'id'`)).type).toBe('ok');
    const insert = await t.sql(
      `INSERT INTO kb_cols (id, content, ${ident}) VALUES ('1', 'first text', 'v'), ('2', 'second text', 'w')`,
    );
    expect(insert.type, insert.error_message).toBe('ok');
    const res = await t.sql(`SELECT id, metadata FROM kb_cols WHERE ${ident} = 'v'`);
    expect(res.type, res.error_message).toBe('table');
    expect(res.data.map((r: unknown[]) => r[0])).toEqual(['1']);
    expect(res.data[0][1][col]).toBe('v');
    const unknown = await t.sql("SELECT id FROM kb_cols WHERE `weird` = 'v'");
    expect(unknown.type).toBe('error');
    expect((await t.sql('DROP KNOWLEDGE_BASE kb_cols')).type).toBe('ok');
    expect(await snapshot()).toEqual(before);
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL } from '../providers/chat/tool-protocol';
import { kbTools } from '../services/agents/tools/kb-tools';
import { startTestApp, type TestApp } from './harness';
import { useTestApp } from './use-test-app';

/** Names compare without regard to case, as MindsDB's do: one object per name, whatever the spelling. */
describe('names in any case', () => {
  const t = useTestApp();

  it('finds a knowledge base, project, view and job by any spelling, and refuses a twin', async () => {
    await t.sqlOk('CREATE PROJECT `Shop`');
    expect(await t.sqlError('CREATE PROJECT shop')).toMatch(/already exists/);
    const kbs = '/api/projects/shop/knowledge_bases';
    const created = await t.inject({
      method: 'POST',
      url: kbs,
      payload: { knowledge_base: { name: 'Reviews_KB' } },
    });
    expect(created.statusCode).toBe(201);
    const twin = await t.inject({
      method: 'POST',
      url: kbs,
      payload: { knowledge_base: { name: 'reviews_kb' } },
    });
    expect(twin.statusCode).toBe(409);
    // Unquoted SQL names are lowercased; they still find `Reviews_KB` in project `Shop`.
    await t.sqlOk("INSERT INTO shop.reviews_kb (id, content) VALUES (1, 'The zip broke after a week')");
    await t.sqlOk("INSERT INTO SHOP.REVIEWS_KB (id, content) VALUES (2, 'Great colour and fit')");
    expect((await t.sqlOk('SELECT id FROM Shop.Reviews_kb')).data.map((r: unknown[]) => r[0]).sort()).toEqual(
      [1, 2],
    );
    for (const url of [`${kbs}/REVIEWS_KB`, '/api/projects/SHOP/knowledge_bases/reviews_kb']) {
      const got = await t.inject({ url });
      expect(got.statusCode, url).toBe(200);
      expect(got.json().name).toBe('Reviews_KB');
    }
    expect((await t.sqlOk('DESCRIBE KNOWLEDGE_BASE shop.reviews_KB')).data[0][0]).toBe('Reviews_KB');
    await t.sqlOk('CREATE VIEW shop.Recent AS (SELECT 1 AS n)');
    expect((await t.sqlOk('SELECT n FROM SHOP.RECENT')).data).toEqual([[1]]);
    expect(await t.sqlError('CREATE VIEW shop.recent AS (SELECT 2 AS n)')).toMatch(/already/);
    await t.sqlOk('CREATE JOB shop.Nightly (SELECT 1) EVERY day');
    expect(await t.sqlError('CREATE JOB shop.nightly (SELECT 1) EVERY day')).toMatch(/already exists/);
    expect((await t.sqlOk('DROP JOB shop.NIGHTLY')).affected_rows).toBe(1);
    // A drop by another spelling forgets what searches had kept of the KB.
    expect((await t.sqlOk('DROP KNOWLEDGE_BASE shop.REVIEWS_kb')).affected_rows).toBe(1);
    expect(await t.sqlError('SELECT id FROM shop.Reviews_KB')).toMatch(/does not exist|Unknown table/);
  });

  it('an agent finds its knowledge bases in any case, and the default project is never dropped by another spelling', async () => {
    await t.sqlOk("CREATE KNOWLEDGE_BASE Docs_KB USING content_columns = ['body']");
    const agent = await t.inject({
      method: 'POST',
      url: '/api/projects/mindsdb/agents',
      payload: { agent: { name: 'Helper', data: { knowledge_bases: ['MINDSDB.DOCS_KB'] } } },
    });
    expect(agent.statusCode, agent.body).toBe(201);
    expect((await t.inject({ url: '/api/projects/mindsdb/agents/HELPER' })).statusCode).toBe(200);
    // The agent's search tool: a KB named in mixed case is found by the lower-case name SQL reads, and its
    // integer ids come back as integers.
    await t.inject({
      method: 'POST',
      url: '/api/projects/mindsdb/knowledge_bases',
      payload: {
        knowledge_base: { name: 'Mixed_KB', rows: [{ id: 7, content: 'Refunds take five days.' }] },
      },
    });
    const tools = kbTools({
      sql: t.deps.sql,
      data: t.deps.databases.data,
      project: 'mindsdb',
      knowledgeBases: ['mindsdb.Mixed_KB'],
      tables: [],
    });
    const search = tools.find((tool) => tool.spec.name === TOOL.kbQuery)!;
    const observation = await search.run(
      "SELECT id, chunk_content FROM mindsdb.mixed_kb WHERE content = 'refunds'",
    );
    expect(observation).toMatch(/^Output columns: .*\nid,chunk_content\n7,Refunds take five days\.$/);
    const rows = await t.sql("SELECT id FROM mindsdb.mixed_kb WHERE content = 'refunds'");
    expect(rows.data).toEqual([[7]]);
    expect(await t.sqlError('DROP PROJECT `MindsDB`')).toMatch(/cannot be dropped/);
  });
});

describe('a data folder that already holds names differing only by case', () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-twins-'));
    const first = await startTestApp({}, dir);
    await first.sql("CREATE KNOWLEDGE_BASE twin_kb USING content_columns = ['body']");
    await first.sql("INSERT INTO twin_kb (id, body) VALUES (1, 'lower-case twin')");
    await first.sql("CREATE KNOWLEDGE_BASE other_kb USING content_columns = ['body']");
    await first.sql("INSERT INTO other_kb (id, body) VALUES (2, 'upper-case twin')");
    // An older version let a name differ only by case: write one as it would have.
    await first.deps.databases.catalog.run(
      `UPDATE knowledge_bases SET name = 'Twin_KB' WHERE name = 'other_kb'`,
    );
    await first.close();
    t = await startTestApp({}, dir);
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('opens without loss: each exact spelling reaches its own rows', async () => {
    const rows = async (kb: string) => (await t.sql(`SELECT chunk_content FROM \`${kb}\``)).data;
    expect(await rows('twin_kb')).toEqual([['lower-case twin']]);
    expect(await rows('Twin_KB')).toEqual([['upper-case twin']]);
    const got = await t.inject({ url: '/api/projects/mindsdb/knowledge_bases/Twin_KB' });
    expect(got.json().name).toBe('Twin_KB');
  });

  it('names the twins to rename', async () => {
    const res = await t.inject({ url: '/api/name-conflicts' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { kind: 'knowledge_base', project: 'mindsdb', names: ['twin_kb', 'Twin_KB'] },
    ]);
  });
});

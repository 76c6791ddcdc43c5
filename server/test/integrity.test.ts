import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestApp, withDataDir, type TestApp } from './harness';
import { useTestApp } from './use-test-app';

const t = useTestApp();

const kbUrl = (project: string, kb = '') => `/api/projects/${project}/knowledge_bases${kb ? `/${kb}` : ''}`;
const agentUrl = (project: string, agent = '') =>
  `/api/projects/${project}/agents${agent ? `/${agent}` : ''}`;
const createKb = (name: string, project = 'mindsdb') =>
  t.inject({ method: 'POST', url: kbUrl(project), payload: { knowledge_base: { name } } });
const createAgent = (name: string, project = 'mindsdb') =>
  t.inject({ method: 'POST', url: agentUrl(project), payload: { agent: { name } } });

/** The vector tables on disk: LanceDB keeps each in a `<name>.lance` folder. */
async function vectorTablesOnDisk(app: TestApp): Promise<string[]> {
  const entries = await fs.readdir(path.join(app.dataDir, 'vectors')).catch(() => []);
  return entries.filter((e) => e.endsWith('.lance')).map((e) => e.slice(0, -'.lance'.length));
}

/** Vector tables on disk that no catalog row owns, and catalog rows whose project is gone. */
async function leftovers(app: TestApp) {
  const owned = await app.deps.databases.catalog.select<{ vector_table: string }>(
    'SELECT vector_table FROM knowledge_bases',
    [],
    { keep: false },
  );
  const ownedNames = new Set(owned.map((r) => String(r.vector_table)));
  const tables = (await vectorTablesOnDisk(app)).filter((n) => !ownedNames.has(n));
  const rows = await app.deps.databases.catalog.select<{ kind: string; name: string }>(
    `SELECT 'knowledge_base' AS kind, name FROM knowledge_bases WHERE project_id NOT IN (SELECT id FROM projects)
     UNION ALL SELECT 'agent' AS kind, name FROM agents WHERE project_id NOT IN (SELECT id FROM projects)`,
    [],
    { keep: false },
  );
  return { tables, rows };
}

describe('one namespace per project for knowledge bases and agents', () => {
  it('refuses a knowledge base named like an agent, in any case, over REST and SQL', async () => {
    expect((await createAgent('helper')).statusCode).toBe(201);
    for (const name of ['helper', 'HELPER']) {
      const res = await createKb(name);
      expect(res.statusCode).toBe(409);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ title: 'Conflict', field: 'name' });
      expect(res.json().detail).toMatch(/^'helper' is already an agent in project 'mindsdb'/);
    }
    const sql = await t.sql('CREATE KNOWLEDGE_BASE Helper');
    expect(sql.type).toBe('error');
    expect(sql.error_message).toMatch(/^'helper' is already an agent in project 'mindsdb'/);
    // The name still reaches the agent.
    const answer = await t.sql(`SELECT answer FROM helper WHERE question = 'hello'`);
    expect(answer.column_names).toEqual(['answer']);
    expect((await t.inject({ url: kbUrl('mindsdb', 'helper') })).statusCode).toBe(404);
  });

  it('refuses an agent named like a knowledge base, in any case, on create and on rename', async () => {
    expect((await createKb('manual')).statusCode).toBe(201);
    const res = await createAgent('Manual');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/^'manual' is already a knowledge base in project 'mindsdb'/);
    const sql = await t.sql('CREATE AGENT manual');
    expect(sql.type).toBe('error');
    expect(sql.error_message).toMatch(/^'manual' is already a knowledge base/);

    expect((await createAgent('writer')).statusCode).toBe(201);
    const rename = await t.inject({
      method: 'PUT',
      url: agentUrl('mindsdb', 'writer'),
      payload: { agent: { name: 'MANUAL' } },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().detail).toMatch(/^'manual' is already a knowledge base/);
    // A change of case of its own name is not a clash.
    const recased = await t.inject({
      method: 'PUT',
      url: agentUrl('mindsdb', 'writer'),
      payload: { agent: { name: 'Writer' } },
    });
    expect(recased.statusCode).toBe(200);
  });

  it('compares names of one kind without case too, and lets other projects use the name', async () => {
    expect((await createAgent('casey')).statusCode).toBe(201);
    const again = await createAgent('CASEY');
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe("Agent 'casey' already exists in project 'mindsdb'");
    expect((await createKb('Manual')).json().detail).toBe(
      "Knowledge base 'manual' already exists in project 'mindsdb'",
    );
    await t.sql('CREATE PROJECT ns_other');
    expect((await createKb('helper', 'ns_other')).statusCode).toBe(201);
    expect((await createAgent('manual', 'ns_other')).statusCode).toBe(201);
  });

  it('refuses a knowledge base or an agent named like a view, and a view named like either', async () => {
    expect((await t.sql('CREATE VIEW mindsdb.Sights AS (SELECT 1 AS x)')).type).toBe('ok');
    const kb = await createKb('sights');
    expect(kb.statusCode).toBe(409);
    expect(kb.json().detail).toMatch(/^'sights' is already a view in project 'mindsdb'/);
    const agent = await createAgent('SIGHTS');
    expect(agent.statusCode).toBe(409);
    expect(agent.json().detail).toMatch(/^'sights' is already a view in project 'mindsdb'/);
    const view = await t.sql('CREATE VIEW mindsdb.Helper AS (SELECT 1 AS x)');
    expect(view.type).toBe('error');
    expect(view.error_message).toMatch(/'helper' is already an agent in project 'mindsdb'/);
  });

  it('lets only one of concurrent creates of a KB and an agent of one name win', async () => {
    const answers = await Promise.all([
      createKb('twin'),
      createAgent('twin'),
      createKb('TWIN'),
      createAgent('Twin'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });
});

describe('DROP PROJECT against knowledge bases being created', () => {
  it('leaves no vector table or catalog row behind, whatever the order', async () => {
    for (let round = 0; round < 6; round++) {
      const project = `race_${round}`;
      expect((await t.sql(`CREATE PROJECT ${project}`)).type).toBe('ok');
      // A few KBs with data make the drop take long enough for the creates below to land during it.
      for (let i = 0; i < 3; i++) {
        await createKb(`pre_${i}`, project);
        await t.inject({
          method: 'PUT',
          url: kbUrl(project, `pre_${i}`),
          payload: { knowledge_base: { rows: [{ id: '1', content: 'Some text.' }] } },
        });
      }
      const createAndFill = async (i: number) => {
        const created = await createKb(`new_${i}`, project);
        const filled = await t.inject({
          method: 'PUT',
          url: kbUrl(project, `new_${i}`),
          payload: { knowledge_base: { rows: [{ id: '1', content: 'More text.' }] } },
        });
        return [created.statusCode, filled.statusCode];
      };
      const [dropped, ...chains] = await Promise.all([
        t.sql(`DROP PROJECT ${project}`),
        ...Array.from({ length: 6 }, (_, i) => createAndFill(i)),
      ]);
      expect(dropped).toMatchObject({ type: 'ok' });
      // Each create either landed before the drop (and went with it) or was refused as not found.
      for (const statuses of chains) for (const status of statuses) expect([200, 201, 404]).toContain(status);
      expect(await leftovers(t)).toEqual({ tables: [], rows: [] });
      expect((await t.inject({ url: kbUrl(project) })).statusCode).toBe(404);
    }
  });

  it('refuses a create in a dropped project with a 404 and leaves nothing', async () => {
    await t.sql('CREATE PROJECT gone_p');
    await t.sql('DROP PROJECT gone_p');
    const kb = await createKb('late', 'gone_p');
    expect(kb.statusCode).toBe(404);
    expect(kb.json().detail).toBe("Project 'gone_p' does not exist");
    expect((await createAgent('late', 'gone_p')).statusCode).toBe(404);
    expect(await leftovers(t)).toEqual({ tables: [], rows: [] });
  });
});

/**
 * Runs `drop` right after the next lookup of a project's id by name, as if DROP PROJECT ran between a
 * create's lookup and its insert: the window is too short for a race to hit it reliably.
 */
function dropAfterNextProjectLookup(app: TestApp, drop: () => Promise<unknown>): void {
  const catalog = app.deps.databases.catalog;
  const select = catalog.select.bind(catalog);
  catalog.select = (async (...args: Parameters<typeof select>) => {
    const rows = await select(...args);
    if (/FROM projects WHERE lower\(name\)/.test(args[0])) {
      catalog.select = select;
      await drop();
    }
    return rows;
  }) as typeof catalog.select;
}

describe('a create whose project is dropped between its lookup and its insert', () => {
  it('is refused with a 404 and leaves nothing, for knowledge bases and agents', async () => {
    expect((await t.sql('CREATE PROJECT gap_kb')).type).toBe('ok');
    dropAfterNextProjectLookup(t, () => t.deps.projects.drop('gap_kb'));
    const kb = await createKb('late', 'gap_kb');
    expect(kb.statusCode, kb.body).toBe(404);

    expect((await t.sql('CREATE PROJECT gap_agent')).type).toBe('ok');
    const projects = t.deps.projects;
    const get = projects.get.bind(projects);
    projects.get = async (name: string) => {
      const project = await get(name);
      projects.get = get;
      await projects.drop('gap_agent');
      return project;
    };
    const agent = await createAgent('late', 'gap_agent');
    expect(agent.statusCode, agent.body).toBe(404);
    expect(await leftovers(t)).toEqual({ tables: [], rows: [] });
  });
});

describe('start-up clean-up', () => {
  it('removes the vector tables and agents of a project whose drop was cut short', async () => {
    await withDataDir('ks-integrity-', async (dir) => {
      const first = await startTestApp({}, dir);
      await first.sql('CREATE PROJECT cut_p');
      await first.sql('CREATE KNOWLEDGE_BASE cut_p.docs');
      await first.sql("INSERT INTO cut_p.docs (id, content) VALUES ('1', 'text')");
      await first.sql('CREATE AGENT cut_p.helper');
      // As if the server stopped right after deleting the project's row.
      await first.deps.databases.catalog.run(`DELETE FROM projects WHERE name = 'cut_p'`);
      const before = await leftovers(first);
      expect(before.tables).toEqual([]);
      expect(before.rows).toHaveLength(2);
      expect(await vectorTablesOnDisk(first)).toHaveLength(1);
      await first.close();

      const second = await startTestApp({}, dir);
      try {
        expect(await vectorTablesOnDisk(second)).toEqual([]);
        expect(await leftovers(second)).toEqual({ tables: [], rows: [] });
      } finally {
        await second.close();
      }
    });
  });
});

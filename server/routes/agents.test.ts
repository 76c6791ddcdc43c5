import { describe, expect, it } from 'vitest';
import { agentEtag } from '../../protocol/api/agents';
import { useTestApp } from '../test/use-test-app';
import { expectProblem } from '../test/problem';

const t = useTestApp({}, (app) => app.putFile('orders', 'o.csv', 'id,item\n1,pen\n2,ink\n'));

const url = (agent = '') => `/api/projects/mindsdb/agents${agent ? `/${agent}` : ''}`;
const create = (agent: Record<string, unknown>, project = 'mindsdb') =>
  t.inject({ method: 'POST', url: `/api/projects/${project}/agents`, payload: { agent } });

describe('agent CRUD', () => {
  it('creates with the default model, lists, gets, and refuses duplicates', async () => {
    const res = await create({ name: 'crud_a', prompt_template: 'Be kind' });
    expect(res.statusCode).toBe(201);
    const agent = res.json();
    expect(agent).toMatchObject({
      name: 'crud_a',
      project_id: expect.any(Number),
      model: { provider: 'local', model_name: 'extractive-v1' },
      prompt_template: 'Be kind',
    });
    // As MindsDB: an agent that reads nothing has no `data` (nor `params`).
    expect(agent).not.toHaveProperty('data');
    expect(agent).not.toHaveProperty('params');
    expect(agent.id).toBeDefined();
    expect(agent.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}$/);
    expect((await t.inject({ url: url() })).json().map((a: { name: string }) => a.name)).toContain('crud_a');
    expect((await t.inject({ url: url('crud_a') })).json()).toEqual(agent);
    expectProblem(await create({ name: 'crud_a' }), 409, {
      detail: "Agent 'crud_a' already exists in project 'mindsdb'",
    });
  });

  it('answers 404 for an unknown project or agent, and 400 for bad input', async () => {
    expect((await create({ name: 'x' }, 'nope')).statusCode).toBe(404);
    expect((await t.inject({ url: '/api/projects/nope/agents' })).statusCode).toBe(404);
    expect((await t.inject({ url: url('missing') })).statusCode).toBe(404);
    const put = await t.inject({
      method: 'PUT',
      url: url('missing'),
      payload: { agent: { prompt_template: 'x' } },
    });
    expect(put.statusCode).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: url('missing') })).statusCode).toBe(404);
    expect((await create({})).statusCode).toBe(400);
    expect((await create({ name: 'bad name' })).statusCode).toBe(400);
    // MindsDB's code for a model it cannot find, an unknown provider included.
    const badProvider = await create({ name: 'bp', model: { provider: 'acme' } });
    expect(badProvider.statusCode).toBe(404);
    expect(badProvider.json()).toMatchObject({ title: 'Resource not found', field: 'model.provider' });
    expect(badProvider.json().detail).toMatch(/Unknown model provider 'acme'/);
    expect((await create({ name: 'provider_change' })).statusCode).toBe(201);
    const badUpdate = await t.inject({
      method: 'PUT',
      url: url('provider_change'),
      payload: { agent: { model: { provider: 'acme' } } },
    });
    expect(badUpdate.statusCode).toBe(404);
    expect(badUpdate.json()).toMatchObject({ title: 'Resource not found', field: 'model.provider' });
    const badKb = await create({ name: 'bk', data: { knowledge_bases: ['mindsdb.nokb'] } });
    expect(badKb.statusCode).toBe(400);
    expect(badKb.json().detail).toBe("Knowledge base 'mindsdb.nokb' does not exist");
    const badTable = await create({ name: 'bt', data: { tables: ['nosource.t'] } });
    expect(badTable.statusCode).toBe(400);
    expect((await t.inject({ method: 'POST', url: url(), payload: { nope: 1 } })).statusCode).toBe(400);
  });

  it('updates only the fields given and keeps the rest', async () => {
    await create({
      name: 'partial',
      model: { provider: 'openai', model_name: 'gpt-x', api_key: 'sk-one' },
      data: { tables: ['files.orders'] },
      prompt_template: 'Original',
    });
    const res = await t.inject({
      method: 'PUT',
      url: url('partial'),
      payload: { agent: { model: { api_key: 'sk-two' } } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'partial',
      model: { provider: 'openai', model_name: 'gpt-x', api_key: '******' },
      data: { knowledge_bases: [], tables: ['files.orders'] },
      prompt_template: 'Original',
    });
    const prompt = await t.inject({
      method: 'PUT',
      url: url('partial'),
      payload: { agent: { prompt_template: 'New' } },
    });
    expect(prompt.json()).toMatchObject({ prompt_template: 'New', data: { tables: ['files.orders'] } });
    expect(prompt.json().updated_at >= prompt.json().created_at).toBe(true);
    const switched = await t.inject({
      method: 'PUT',
      url: url('partial'),
      payload: { agent: { model: { provider: 'local' } } },
    });
    expect(switched.json().model).toEqual({ provider: 'local', model_name: 'extractive-v1' });
    const stored = await t.deps.agents.get('mindsdb', 'partial');
    expect(stored.model.api_key).toBeUndefined();
  });

  it('renames, deletes with 204, and forgets the agent', async () => {
    await create({ name: 'old_name' });
    const renamed = await t.inject({
      method: 'PUT',
      url: url('old_name'),
      payload: { agent: { name: 'new_name' } },
    });
    expect(renamed.json().name).toBe('new_name');
    expect((await t.inject({ url: url('old_name') })).statusCode).toBe(404);
    const del = await t.inject({ method: 'DELETE', url: url('new_name') });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await t.inject({ url: url('new_name') })).statusCode).toBe(404);
  });

  it('masks api_key in every response: REST, SQL and the tree never show it', async () => {
    const res = await create({ name: 'secretive', model: { provider: 'openai', api_key: 'sk-very-secret' } });
    expect(res.json().model.api_key).toBe('******');
    const bodies = [
      res.body,
      (await t.inject({ url: url() })).body,
      (await t.inject({ url: url('secretive') })).body,
      (await t.inject({ method: 'PUT', url: url('secretive'), payload: { agent: { prompt_template: 'p' } } }))
        .body,
      JSON.stringify(await t.sql('SHOW AGENTS')),
      JSON.stringify(await t.sql('DESCRIBE AGENT secretive')),
      (await t.inject({ url: '/api/tree/mindsdb' })).body,
    ];
    for (const body of bodies) expect(body).not.toContain('sk-very-secret');
    const shown = await t.sql('DESCRIBE AGENT secretive', { show_secrets: true });
    expect(JSON.stringify(shown)).toContain('sk-very-secret');
  });

  it('shows agents in the tree and SHOW TABLES', async () => {
    await create({ name: 'in_tree' });
    const tree = (await t.inject({ url: '/api/tree/mindsdb' })).json();
    expect(tree).toContainEqual(expect.objectContaining({ name: 'in_tree', type: 'agent' }));
    const tables = await t.sql('SHOW FULL TABLES');
    expect(tables.data).toContainEqual(['in_tree', 'AGENT']);
  });
});

describe('concurrent agent updates', () => {
  const putAgent = (name: string, agent: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.inject({ method: 'PUT', url: url(name), payload: { agent }, headers });

  it('keeps every one of concurrent PUTs of different fields, in every round', async () => {
    await create({ name: 'busy' });
    const lost: number[] = [];
    for (let round = 0; round < 20; round++) {
      // Each round sets values different from the last, so a lost update shows as the old value.
      const tables = round % 2 ? ['files.orders'] : ['files.*'];
      const kbs = round % 2 ? ['mindsdb.*'] : [];
      const prompt = `round ${round}`;
      const modelName = `model-${round}`;
      const answers = await Promise.all([
        putAgent('busy', { data: { tables } }),
        putAgent('busy', { data: { knowledge_bases: kbs } }),
        putAgent('busy', { prompt_template: prompt }),
        putAgent('busy', { model: { model_name: modelName } }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      const agent = (await t.inject({ url: url('busy') })).json();
      const expected = { data: { knowledge_bases: kbs, tables }, prompt, modelName };
      const actual = { data: agent.data, prompt: agent.prompt_template, modelName: agent.model.model_name };
      if (JSON.stringify(actual) !== JSON.stringify(expected)) lost.push(round);
    }
    expect(lost).toEqual([]);
  });

  it('answers an ETag and refuses a PUT whose If-Match is no longer current with a 409', async () => {
    const created = await create({ name: 'versioned', prompt_template: 'v1' });
    expect(created.headers.etag).toBe(agentEtag(created.json()));
    const read = await t.inject({ url: url('versioned') });
    const etag = read.headers.etag as string;
    expect(etag).toBe(agentEtag(read.json()));

    const first = await putAgent('versioned', { prompt_template: 'v2' }, { 'if-match': etag });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe(agentEtag(first.json()));
    expect(first.headers.etag).not.toBe(etag);

    // A second client still holding the first version loses, and changes nothing.
    expectProblem(await putAgent('versioned', { prompt_template: 'v3' }, { 'if-match': etag }), 409, {
      title: 'Conflict',
      field: 'If-Match',
      detail: expect.stringMatching(/^Agent 'versioned' was changed elsewhere after it was read/),
    });
    expect((await t.inject({ url: url('versioned') })).json().prompt_template).toBe('v2');

    const listed = `W/"x", ${first.headers.etag as string}`;
    expect((await putAgent('versioned', { prompt_template: 'v4' }, { 'if-match': listed })).statusCode).toBe(
      200,
    );
    expect((await putAgent('versioned', { prompt_template: 'v5' }, { 'if-match': '*' })).statusCode).toBe(
      200,
    );
    // Without If-Match (MindsDB's clients send none) a PUT applies to the latest version.
    expect((await putAgent('versioned', { prompt_template: 'v6' })).json().prompt_template).toBe('v6');
  });

  it('gives every version its own ETag, even for changes within one millisecond', async () => {
    await create({ name: 'rapid' });
    const tags = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await putAgent('rapid', { prompt_template: `p${i}` });
      tags.add(res.headers.etag as string);
    }
    expect(tags.size).toBe(5);
  });

  it('lets exactly one of two PUTs with the same If-Match win', async () => {
    await create({ name: 'contested' });
    const etag = (await t.inject({ url: url('contested') })).headers.etag as string;
    const answers = await Promise.all(
      ['a', 'b'].map((p) => putAgent('contested', { prompt_template: p }, { 'if-match': etag })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('agents in SQL', () => {
  it('creates, alters, shows, asks and drops an agent', async () => {
    expect(
      await t.sql(
        `CREATE AGENT sql_agent USING model = {"provider": "local"}, data = {"tables": ["files.*"]}, prompt_template = 'Count things'`,
      ),
    ).toMatchObject({ type: 'ok' });
    expect((await t.sql('CREATE AGENT sql_agent')).error_message).toBe(
      "Agent 'sql_agent' already exists in project 'mindsdb'",
    );
    expect(await t.sql('CREATE AGENT IF NOT EXISTS sql_agent')).toMatchObject({
      type: 'ok',
      affected_rows: 0,
    });
    expect(await t.sql(`ALTER AGENT sql_agent USING prompt_template = 'Count orders'`)).toMatchObject({
      type: 'ok',
    });
    const described = await t.sql('DESCRIBE AGENT mindsdb.sql_agent');
    expect(described.column_names).toEqual([
      'name',
      'project',
      'model',
      'data',
      'prompt_template',
      'created_at',
      'updated_at',
    ]);
    expect(described.data[0].slice(0, 5)).toEqual([
      'sql_agent',
      'mindsdb',
      { provider: 'local', model_name: 'extractive-v1' },
      { knowledge_bases: [], tables: ['files.*'] },
      'Count orders',
    ]);
    const answer = await t.sql(
      `SELECT answer, trace_id FROM sql_agent WHERE question = 'How many orders are there?'`,
    );
    expect(answer.column_names).toEqual(['answer', 'trace_id']);
    expect(answer.data[0][0]).toBe(
      'files.orders holds 2 rows (`SELECT count(*) AS count FROM files.orders`).',
    );
    expect(answer.data[0][1]).toMatch(/^[0-9a-f]{32}$/);
    expect((await t.sql(`SELECT answer FROM sql_agent WHERE answer = 'x'`)).error_message).toMatch(
      /question =/,
    );
    expect((await t.sql(`ALTER AGENT sql_agent USING colour = 'red'`)).error_message).toMatch(
      /Unknown parameter 'colour'/,
    );
    expect((await t.sql('DESCRIBE sql_agent')).data[0][0]).toBe('sql_agent');
    expect((await t.sql('DESCRIBE nothing_here')).error_message).toBe(
      "'nothing_here' is neither a knowledge base nor an agent in project 'mindsdb'",
    );
    expect(await t.sql('DROP AGENT sql_agent')).toMatchObject({ type: 'ok', affected_rows: 1 });
    expect((await t.sql('DROP AGENT sql_agent')).error_message).toMatch(/does not exist/);
    expect(await t.sql('DROP AGENT IF EXISTS sql_agent')).toMatchObject({ type: 'ok', affected_rows: 0 });
  });

  it('drops the agents of a dropped project', async () => {
    await t.sql('CREATE PROJECT temp_p');
    await t.sql('CREATE AGENT temp_p.helper');
    expect((await t.inject({ url: '/api/projects/temp_p/agents' })).json()).toHaveLength(1);
    await t.sql('DROP PROJECT temp_p');
    await t.sql('CREATE PROJECT temp_p');
    expect((await t.inject({ url: '/api/projects/temp_p/agents' })).json()).toEqual([]);
  });
});

describe('agent params, as MindsDB keeps them', () => {
  const url = (name = '') => `/api/projects/mindsdb/agents${name ? `/${name}` : ''}`;

  it('keeps params (timeout, ...) and answers them; leaves out what was never set', async () => {
    const bare = await t.inject({ method: 'POST', url: url(), payload: { agent: { name: 'bare_agent' } } });
    expect(bare.statusCode).toBe(201);
    expect(bare.json()).not.toHaveProperty('params');
    expect(bare.json()).not.toHaveProperty('prompt_template');

    const made = await t.inject({
      method: 'POST',
      url: url(),
      payload: {
        agent: { name: 'timed_agent', params: { timeout: 10, mode: 'fast', prompt_template: 'Be brief' } },
      },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ prompt_template: 'Be brief', params: { timeout: 10, mode: 'fast' } });
    expect(made.json().params).not.toHaveProperty('prompt_template');

    // An update merges: given keys replace, a null removes, others stay.
    const put = await t.inject({
      method: 'PUT',
      url: url('timed_agent'),
      payload: { agent: { params: { timeout: 30, mode: null } } },
    });
    expect(put.statusCode).toBe(200);
    expect((await t.inject({ url: url('timed_agent') })).json().params).toEqual({ timeout: 30 });
  });

  it('masks secrets inside params, and refuses params that are not an object', async () => {
    const made = await t.inject({
      method: 'POST',
      url: url(),
      payload: { agent: { name: 'secret_params', params: { timeout: 5, api_key: 'sk-canary-params' } } },
    });
    expect(made.statusCode).toBe(201);
    expect(made.body).not.toContain('sk-canary-params');
    const bad = await t.inject({
      method: 'POST',
      url: url(),
      payload: { agent: { name: 'bad_params', params: 'fast' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('params');
  });

  it('takes timeout in CREATE AGENT ... USING and shows it over REST', async () => {
    const r = await t.sql(`CREATE AGENT sql_timed USING prompt_template = 'Hi', timeout = 12`);
    expect(r.type).toBe('ok');
    expect((await t.inject({ url: url('sql_timed') })).json().params).toEqual({ timeout: 12 });
  });
});

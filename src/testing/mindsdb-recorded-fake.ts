import type { FakeHandler, FakeRequest, FakeResponse } from './fake-fetch';

/**
 * A RECORDED-BEHAVIOUR FAKE OF MINDSDB, not our server: routes that answer as MindsDB's HTTP API does,
 * written from reading its source (`mindsdb/api/http/namespaces/knowledge_bases.py`, `agents.py`, `file.py`
 * and `mindsdb/interfaces/agents/agents_controller.py`), so that component tests can check the console
 * against MindsDB's shapes without a MindsDB at hand. Only the behaviour the console depends on is played:
 *
 * - `PUT .../knowledge_bases/{kb}` reads settings only from `knowledge_base.params` (merged into the KB's
 *   params), chunking from `knowledge_base.preprocessing`, and answers 200 with `""`. Settings at the top of
 *   `knowledge_base` are ignored without a word.
 * - `GET .../knowledge_bases/{kb}`: v26 shows the settings at the top of the object (and keeps the rest under
 *   `params`); v25 shows them only under `params`. Keys are masked (`******`).
 * - `PUT .../agents/{a}`: `model` and `data` replace the stored objects whole; `prompt_template` is taken only
 *   when non-empty; `params` are merged and a null value removes its key. Answers the agent, keys in clear.
 * - `PUT /api/files/{name}` of an existing name is a 400 "File already exists" (there is no replace flag;
 *   the query string is ignored); `DELETE /api/files/{name}` removes it.
 */
export type MindsdbVersion = '25' | '26';

type Loose = Record<string, unknown>;

const KB_SETTINGS = [
  'embedding_model',
  'reranking_model',
  'content_columns',
  'metadata_columns',
  'id_column',
];

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

function maskKeys(model: unknown): unknown {
  if (!isObject(model)) return model;
  return 'api_key' in model ? { ...model, api_key: '******' } : model;
}

export interface MindsdbFakeState {
  kbs: Map<string, { id: number; name: string; params: Loose }>;
  agents: Map<string, { id: number; name: string; params: Loose }>;
  files: Set<string>;
}

export function mindsdbRecordedFake(version: MindsdbVersion, project = 'mindsdb') {
  const state: MindsdbFakeState = { kbs: new Map(), agents: new Map(), files: new Set() };
  const base = `/api/projects/${project}`;

  const kbAsDict = (kb: { id: number; name: string; params: Loose }): Loose => {
    const rest: Loose = {};
    const settings: Loose = {};
    for (const [k, v] of Object.entries(kb.params)) {
      if (KB_SETTINGS.includes(k)) settings[k] = k.endsWith('_model') ? maskKeys(v) : v;
      else rest[k] = v;
    }
    const common = {
      id: kb.id,
      name: kb.name,
      project_id: 1,
      vector_database: `${kb.name}_chromadb`,
      vector_database_table: 'default_collection',
      updated_at: '2026-01-02 03:04:05.000000',
      created_at: '2026-01-02 03:04:05.000000',
      query_id: null,
    };
    return version === '26'
      ? { ...common, ...settings, params: rest }
      : { ...common, params: { ...rest, ...settings } };
  };

  const agentAsDict = (agent: { id: number; name: string; params: Loose }): Loose => ({
    id: agent.id,
    name: agent.name,
    project_id: 1,
    created_at: '2026-01-02 03:04:05.000000',
    updated_at: '2026-01-02 03:04:05.000000',
    model: agent.params.model ?? null,
    data: agent.params.data ?? null,
    prompt_template: agent.params.prompt_template ?? null,
    params: agent.params,
  });

  const notFound = (title: string, detail: string): FakeResponse => ({
    status: 404,
    json: { title, detail },
  });

  const putKb = (name: string, req: FakeRequest): FakeResponse => {
    const kb = state.kbs.get(name);
    if (!kb) return notFound('Knowledge Base not found', `Knowledge Base with name ${name} does not exist`);
    const body = (req.body as Loose | undefined)?.knowledge_base;
    if (!isObject(body))
      return { status: 400, json: { title: 'Missing parameter', detail: 'knowledge_base' } };
    if (isObject(body.params)) kb.params = { ...kb.params, ...body.params };
    if (isObject(body.preprocessing)) kb.params = { ...kb.params, preprocessing: body.preprocessing };
    return { text: '""' };
  };

  const putAgent = (name: string, req: FakeRequest): FakeResponse => {
    const agent = state.agents.get(name);
    if (!agent) return notFound('Agent not found', `Agent with name ${name} does not exist`);
    const body = (req.body as Loose | undefined)?.agent;
    if (!isObject(body)) return { status: 400, json: { title: 'Missing parameter', detail: 'agent' } };
    const params: Loose = isObject(body.params) ? { ...body.params } : {};
    if (isObject(body.model)) params.model = body.model;
    if (isObject(body.data)) params.data = body.data;
    if (typeof body.prompt_template === 'string' && body.prompt_template) {
      params.prompt_template = body.prompt_template;
    }
    const merged = { ...agent.params, ...params };
    agent.params = Object.fromEntries(
      Object.entries(merged).filter(([, v]) => v !== null && v !== undefined),
    );
    if (typeof body.name === 'string' && body.name !== name) {
      state.agents.delete(name);
      agent.name = body.name;
      state.agents.set(body.name, agent);
    }
    return { json: agentAsDict(agent) };
  };

  /** A file PUT: an existing name is refused whatever the query string says (MindsDB has no replace flag). */
  const putFile = (name: string): FakeResponse => {
    if (state.files.has(name))
      return {
        status: 400,
        json: { title: 'File already exists', detail: `File with name '${name}' already exists` },
      };
    state.files.add(name);
    return { text: '' };
  };

  const getKb = (name: string): FakeResponse => {
    const kb = state.kbs.get(name);
    if (!kb) return notFound('Knowledge Base not found', `Knowledge Base with name ${name} does not exist`);
    return { json: kbAsDict(kb) };
  };

  const getAgent = (name: string): FakeResponse => {
    const agent = state.agents.get(name);
    return agent ? { json: agentAsDict(agent) } : notFound('Agent not found', `No agent ${name}`);
  };

  /** The objects of a project read and changed one by one, by name: `${base}/{collection}/{name}`. */
  const namedObjects = [
    { collection: 'knowledge_bases', get: getKb, put: putKb },
    { collection: 'agents', get: getAgent, put: putAgent },
  ];

  const handler: FakeHandler = (req) => {
    for (const { collection, get, put } of namedObjects) {
      const match = req.path.match(new RegExp(`^${base}/${collection}/([^/]+)$`));
      if (!match) continue;
      const name = decodeURIComponent(match[1]);
      if (req.method === 'PUT') return put(name, req);
      if (req.method === 'GET') return get(name);
    }
    if (req.path === `${base}/agents` && req.method === 'GET')
      return { json: [...state.agents.values()].map(agentAsDict) };
    if (req.path === `${base}/knowledge_bases` && req.method === 'GET')
      return { json: [...state.kbs.values()].map(kbAsDict) };
    if (req.path === '/api/files' && req.method === 'GET')
      return { json: [...state.files].map((name) => ({ name, row_count: 1, columns: ['a'] })) };
    const fileMatch = req.path.match(/^\/api\/files\/([^/]+)$/);
    if (fileMatch && req.method === 'PUT') return putFile(decodeURIComponent(fileMatch[1]));
    if (fileMatch && req.method === 'DELETE') {
      state.files.delete(decodeURIComponent(fileMatch[1]));
      return { text: '' };
    }
    return undefined;
  };

  return {
    handler,
    state,
    addKb(name: string, params: Loose) {
      state.kbs.set(name, { id: state.kbs.size + 1, name, params: { ...params } });
    },
    addAgent(name: string, params: Loose) {
      state.agents.set(name, { id: state.agents.size + 1, name, params: { ...params } });
    },
    addFile(name: string) {
      state.files.add(name);
    },
  };
}

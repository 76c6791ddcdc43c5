import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../../protocol/secrets';
import { AGENT_SECRET_FIELDS } from '../services/agents/presenter';
import { SOURCE_SECRET_FIELDS } from '../services/data-sources/presenter';
import { KB_SECRET_FIELDS } from '../services/knowledge-bases/presenter';
import { startTestApp, type TestApp } from './harness';
import { startMariadb, type RunningServer } from './sources/servers';
import { closeSourceTest, paramsOf } from './sources/setup';

// Each resource's presenter (services/<resource>/presenter.ts) names the fields that may hold credentials. For
// every such field a secret is stored, then the resource is read through every path that shows it (REST, SQL
// SHOW and DESCRIBE, information_schema, exports, errors): a path that shows the record without its presenter
// gives the secret away, and a field missing from the list comes out unmasked.

type KbField = (typeof KB_SECRET_FIELDS)[number];
type AgentField = (typeof AGENT_SECRET_FIELDS)[number];
type SourceField = (typeof SOURCE_SECRET_FIELDS)[number];

const canary = (resource: string, field: string) => `canary-${resource}-${field}-5e1d`;

/**
 * How a user stores a secret in each secret field of a resource: the fields of a create request that put one
 * there. Typed by the presenters' lists, so a field added to a list must say here how a secret reaches it;
 * null for a field no request writes.
 */
const KB_SECRETS: Record<KbField, Record<string, unknown> | null> = {
  embedding_model: { embedding_model: { provider: 'local', api_key: canary('kb', 'embedding_model') } },
  reranking_model: { reranking_model: { provider: 'local', api_key: canary('kb', 'reranking_model') } },
  // Only what the server writes (the embedding model's name, the chunking): masked all the same.
  params: null,
};
const AGENT_SECRETS: Record<AgentField, Record<string, unknown> | null> = {
  model: { model: { provider: 'local', api_key: canary('agent', 'model') } },
  params: { params: { service_token: canary('agent', 'params') } },
};
const SOURCE_SECRETS: Record<SourceField, (server: RunningServer) => Record<string, unknown> | null> = {
  // A source takes only the parameters its engine knows: the secret is the real password of the test server.
  parameters: (server) => ({ parameters: paramsOf(server) }),
};

const merged = (fragments: (Record<string, unknown> | null)[]) => Object.assign({}, ...fragments);
/** The secrets a resource's answers must never hold: the canaries, and the source's real password. */
const secretsOf = (fragments: (Record<string, unknown> | null)[]) =>
  JSON.stringify(fragments).match(/canary-[a-z]+-[a-z_]+-5e1d/g) ?? [];

let t: TestApp;
let mariadb: RunningServer;

beforeAll(async () => {
  mariadb = await startMariadb();
  t = await startTestApp();
  await t.putFile('docs', 'docs.csv', 'id,body\n1,Refunds take five days.\n');
}, 60_000);

afterAll(() => closeSourceTest(t, undefined, mariadb));

/**
 * Every answer a path gives for a resource: REST bodies, SQL answers, errors, and each SELECT exported as
 * CSV and JSON (an export takes only a SELECT).
 */
async function answers(rest: string[], sql: string[], failing: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const url of rest) {
    const res = await t.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    out.set(`GET ${url}`, res.body);
  }
  for (const query of sql) {
    const res = await t.sql(query);
    expect(res.type, `${query}: ${JSON.stringify(res)}`).toBe('table');
    out.set(query, JSON.stringify(res));
    if (!/^select/i.test(query)) continue;
    for (const format of ['csv', 'json']) {
      const exported = await t.inject({
        method: 'POST',
        url: '/api/sql/query/export',
        payload: { query, format },
      });
      expect(exported.statusCode, `${format} export of ${query}`).toBe(200);
      out.set(`${format} export of ${query}`, exported.body);
    }
  }
  for (const query of failing) {
    const res = await t.sql(query);
    expect(res.type, query).toBe('error');
    out.set(query, JSON.stringify(res));
  }
  return out;
}

/** Each value under `field` (any letter case) in a parsed answer, SQL tables read as rows of named columns. */
function fieldValues(answer: unknown, field: string): unknown[] {
  const found: unknown[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string' && /^[[{]/.test(value)) {
      try {
        walk(JSON.parse(value));
      } catch {
        // text that merely starts like JSON
      }
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (Array.isArray(record.column_names) && Array.isArray(record.data)) {
        const names = record.column_names as string[];
        for (const row of record.data as unknown[][]) {
          walk(Object.fromEntries(names.map((name, i) => [name, row[i]])));
        }
        return;
      }
      for (const [key, inner] of Object.entries(record)) {
        if (key.toLowerCase() === field.toLowerCase()) found.push(inner);
        walk(inner);
      }
    }
  };
  walk(answer);
  return found;
}

/** The fields a secret was written to. */
const writtenFields = (secrets: Record<string, unknown>) =>
  Object.entries(secrets)
    .filter(([, fragment]) => fragment !== null)
    .map(([field]) => field);

/** No answer holds a secret, and each field a secret was written to is shown, masked, by some answer. */
function expectMasked(all: Map<string, string>, secrets: string[], fields: string[]) {
  expect(secrets.length).toBeGreaterThan(0);
  for (const [path, text] of all) {
    for (const secret of secrets) expect(text, `${path} shows ${secret}`).not.toContain(secret);
  }
  for (const field of fields) {
    const shownIn = [...all].filter(([, text]) => {
      if (!text.startsWith('{') && !text.startsWith('[')) return false;
      return fieldValues(JSON.parse(text), field).some((v) => JSON.stringify(v).includes(MASK));
    });
    expect(shownIn.length, `${field} shown masked`).toBeGreaterThan(0);
  }
}

describe('every path that shows a resource shows it through its presenter', () => {
  it('knowledge bases: REST, SHOW and DESCRIBE, exports, errors', async () => {
    const fragments = Object.values(KB_SECRETS);
    const settings = { ...merged(fragments), content_columns: ['body'] };
    const created = await t.inject({
      method: 'POST',
      url: '/api/projects/mindsdb/knowledge_bases',
      payload: { knowledge_base: { name: 'kb_rest', ...settings } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const using = Object.entries(settings)
      .map(([key, value]) => `${key} = ${JSON.stringify(value)}`)
      .join(', ');
    await t.sqlOk(`CREATE KNOWLEDGE_BASE kb_sql USING ${using}`);
    const all = await answers(
      [
        '/api/projects/mindsdb/knowledge_bases',
        '/api/projects/mindsdb/knowledge_bases/kb_rest',
        '/api/projects/mindsdb/knowledge_bases/kb_sql',
      ],
      [
        'SHOW KNOWLEDGE_BASES',
        'DESCRIBE KNOWLEDGE_BASE kb_rest',
        'DESCRIBE kb_sql',
        'SELECT * FROM information_schema.tables',
        'SELECT * FROM information_schema.knowledge_bases',
      ],
      [`CREATE KNOWLEDGE_BASE kb_sql USING ${using}`],
    );
    all.set('POST answer', created.body);
    expectMasked(all, secretsOf(fragments), writtenFields(KB_SECRETS));
    // The presenter hands secrets to a SQL session that asks for them: the canaries above were really stored.
    const shown = JSON.stringify(await t.sqlOk('DESCRIBE KNOWLEDGE_BASE kb_sql', { show_secrets: true }));
    for (const secret of secretsOf(fragments)) expect(shown).toContain(secret);
  });

  it('agents: REST, SHOW and DESCRIBE, exports, errors', async () => {
    const fragments = Object.values(AGENT_SECRETS);
    const created = await t.inject({
      method: 'POST',
      url: '/api/projects/mindsdb/agents',
      payload: { agent: { name: 'ag_rest', ...merged(fragments) } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const model = JSON.stringify(AGENT_SECRETS.model?.model);
    await t.sqlOk(`CREATE AGENT ag_sql USING model = ${model}`);
    const all = await answers(
      ['/api/projects/mindsdb/agents', '/api/projects/mindsdb/agents/ag_rest'],
      ['SHOW AGENTS', 'DESCRIBE AGENT ag_rest', 'DESCRIBE ag_sql', 'SELECT * FROM information_schema.tables'],
      [`CREATE AGENT ag_sql USING model = ${model}`],
    );
    all.set('POST answer', created.body);
    expectMasked(all, secretsOf(fragments), writtenFields(AGENT_SECRETS));
    const shown = JSON.stringify(await t.sqlOk('DESCRIBE AGENT ag_rest', { show_secrets: true }));
    expect(shown).toContain(canary('agent', 'model'));
  });

  it('data sources: REST, DESCRIBE, SHOW, information_schema, exports, errors', async () => {
    const fragments = Object.values(SOURCE_SECRETS).map((of) => of(mariadb));
    const body = { name: 'crm', engine: 'mysql', ...merged(fragments) };
    const created = await t.inject({ method: 'POST', url: '/api/databases/', payload: { database: body } });
    expect(created.statusCode, created.body).toBe(201);
    const parameters = JSON.stringify(body.parameters);
    const all = await answers(
      ['/api/databases/', '/api/databases/crm'],
      [
        'DESCRIBE crm',
        'DESCRIBE DATABASE crm',
        'SHOW FULL DATABASES',
        'SELECT * FROM information_schema.databases',
      ],
      [`CREATE DATABASE crm WITH ENGINE = 'mysql', PARAMETERS = ${parameters}`],
    );
    all.set('POST answer', created.body);
    const secrets = [mariadb.password];
    // `connection_data` is MindsDB's REST name of the parameters.
    expectMasked(all, secrets, [...writtenFields(SOURCE_SECRETS), 'connection_data']);
  });
});

import { expect } from 'vitest';
import { parseSse } from '../../protocol/sse';
import type { FakeProvider } from './fake-provider';
import type { ServiceOptions } from '../open-services';
import { multipartFile, startTestApp, type TestApp } from './harness';

/**
 * The app the agent route tests share: real engines, a file table `tickets` and a knowledge base
 * `mindsdb.notes_kb` over it (two short notes, so chunk ids are known), plus small request helpers.
 */
export async function startAgentTestApp(options: Partial<ServiceOptions> = {}) {
  const t = await startTestApp(options);
  const csv = 'id,notes\nA1B,Request color: black\nC2D,The invoice was paid on Monday.\n';
  await t.inject({ method: 'PUT', url: '/api/files/tickets', ...multipartFile('file', 't.csv', csv) });
  await t.sql(`CREATE KNOWLEDGE_BASE mindsdb.notes_kb USING content_columns = ['notes'], id_column = 'id'`);
  await t.sql('INSERT INTO mindsdb.notes_kb SELECT id, notes FROM files.tickets');
  return t;
}

export async function createAgent(t: TestApp, agent: Record<string, unknown>): Promise<void> {
  const res = await t.inject({ method: 'POST', url: '/api/projects/mindsdb/agents', payload: { agent } });
  expect(res.statusCode).toBe(201);
}

export const stream = (t: TestApp, agent: string, messages: unknown[]) =>
  t.inject({
    method: 'POST',
    url: `/api/projects/mindsdb/agents/${agent}/completions/stream`,
    payload: { messages },
  });

/** An agent model pointing at a fake OpenAI-compatible server. */
export const fakeModel = (server: FakeProvider) => ({
  provider: 'openai',
  model_name: 'fake-model',
  api_key: 'sk-test-key',
  base_url: server.baseUrl,
});

/** The events of a raw stream body, decoded. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- events are checked field by field in tests
export const events = (body: string): any[] => parseSse(body).events.map((e) => JSON.parse(e.data));

/** The tool steps of a raw stream body, in order: each with its `action` and `observation`. */
export const toolSteps = (body: string) => events(body).flatMap((e) => e.steps ?? []);

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseSse } from '../../protocol/sse';
import { startFakeProvider, textReply, toolCallReply, type FakeProvider } from '../test/fake-provider';
import type { TestApp } from '../test/harness';
import { createAgent, events, fakeModel, startAgentTestApp, stream } from '../test/agent-test-kit';

let t: TestApp;
const runLines: string[] = [];
let fake: FakeProvider | undefined;

beforeAll(async () => {
  t = await startAgentTestApp({
    agentSettings: {
      maxSteps: 3,
      timeoutMs: 1500,
      http: { retries: 1, baseDelayMs: 5, maxDelayMs: 10, timeoutMs: 5000 },
    },
    agentLog: (line) => runLines.push(line),
  });
});
afterAll(async () => {
  await t.close();
});
/** The app on a real port, for tests that drop a connection (opened once: listening twice fails). */
let address: string | undefined;
const listening = async () => (address ??= await t.app.listen({ port: 0, host: '127.0.0.1' }));

/** Asks `agent` for a streamed answer over a real connection, which the test drops with `controller`. */
async function streamOverHttp(agent: string, question: string) {
  const controller = new AbortController();
  const res = await fetch(`${await listening()}/api/projects/mindsdb/agents/${agent}/completions/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ question }] }),
    signal: controller.signal,
  });
  return { res, controller };
}

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('the openai provider in the loop (fake OpenAI-compatible server)', () => {
  it('asks for a kb_query_tool call, gets the observation back, then answers; history reaches the model', async () => {
    fake = await startFakeProvider((_, i) =>
      i === 0
        ? toolCallReply('kb_query_tool', {
            query: "SELECT * FROM mindsdb.notes_kb WHERE content = 'color' LIMIT 2",
          })
        : textReply('The requested color is black [A1B:notes:1of1:0to20].'),
    );
    await createAgent(t, {
      name: 'oa_agent',
      model: fakeModel(fake),
      data: { knowledge_bases: ['mindsdb.notes_kb'] },
      prompt_template: 'Answer about tickets.',
    });
    runLines.length = 0;
    const res = await stream(t, 'oa_agent', [
      { question: 'Hello', answer: 'Hi, ask me about tickets.' },
      { question: 'Which color?', answer: '' },
    ]);
    const list = events(res.body);
    expect(list.map((e) => e.type ?? Object.keys(e)[0])).toEqual([
      'start',
      'actions',
      'steps',
      'output',
      'end',
    ]);
    expect(list[3].output).toBe('The requested color is black [A1B:notes:1of1:0to20].');
    expect(list[2].steps[0].observation).toMatch(
      /^Output columns: .*\n.*\nA1B,A1B:notes:1of1:0to20,Request color: black,/,
    );

    expect(fake.requests).toHaveLength(2);
    const [first, second] = fake.requests;
    expect(first.path).toBe('/v1/chat/completions');
    expect(first.headers.authorization).toBe('Bearer sk-test-key');
    expect(first.body.model).toBe('fake-model');
    const tools = first.body.tools as { type: string; function: { name: string; parameters: unknown } }[];
    expect(tools.map((tool) => tool.function.name)).toEqual(['kb_list_tool', 'kb_query_tool']);
    expect(tools[1]).toMatchObject({ type: 'function', function: { parameters: { required: ['query'] } } });
    const messages = first.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[0].content).toMatch(
      /^Answer about tickets\.\n\nKnowledge bases you can search: mindsdb\.notes_kb\./,
    );
    expect(messages.slice(1).map((m) => m.content)).toEqual([
      'Hello',
      'Hi, ask me about tickets.',
      'Which color?',
    ]);
    const followUp = second.body.messages as Record<string, unknown>[];
    expect(followUp.at(-2)).toMatchObject({
      role: 'assistant',
      tool_calls: [{ id: 'call_1', type: 'function' }],
    });
    expect(followUp.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'call_1',
      content: list[2].steps[0].observation,
    });
    expect(runLines).toEqual([
      `agent run ${list[0].trace_id}: 2 messages in history (agent mindsdb.oa_agent)`,
    ]);
    expect(t.deps.agentRuns.find(list[0].trace_id)).toMatchObject({
      status: 'done',
      question: 'Which color?',
    });
  });

  it('reads role/content history too', async () => {
    fake = await startFakeProvider(() => textReply('ok'));
    await createAgent(t, { name: 'v26_agent', model: fakeModel(fake) });
    const res = await t.inject({
      method: 'POST',
      url: '/api/projects/mindsdb/agents/v26_agent/completions',
      payload: {
        messages: [
          { role: 'user', content: 'first' },
          { role: 'assistant', content: 'answer one' },
          { role: 'user', content: 'second' },
        ],
      },
    });
    expect(res.json().message.content).toBe('ok');
    const sent = (fake.requests[0].body.messages as { role: string; content: string }[]).slice(1);
    expect(sent).toEqual([
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'answer one' },
      { role: 'user', content: 'second' },
    ]);
    expect(fake.requests[0].body.tools).toBeUndefined();
  });

  it('turns a model failure mid-stream into an error event and still ends; the plain call answers 502', async () => {
    fake = await startFakeProvider(() => ({ status: 500, json: { error: { message: 'model exploded' } } }));
    await createAgent(t, {
      name: 'broken_agent',
      model: fakeModel(fake),
      data: { knowledge_bases: ['mindsdb.*'] },
    });
    const list = events((await stream(t, 'broken_agent', [{ question: 'hi' }])).body);
    expect(list.map((e) => e.type)).toEqual(['start', 'error', 'end']);
    expect(list[1]).toEqual({
      type: 'error',
      content: expect.stringMatching(
        /^openai-compatible chat at http:\/\/127\.0\.0\.1:\d+ failed \(after 2 attempts\): the model server answered 500 Internal Server Error$/,
      ),
      trace_id: list[0].trace_id,
    });
    const plain = await t.inject({
      method: 'POST',
      url: '/api/projects/mindsdb/agents/broken_agent/completions',
      payload: { messages: [{ question: 'hi' }] },
    });
    expect(plain.statusCode).toBe(502);
    // The status only: an upstream body is never shown (it could be any internal page).
    expect(plain.json().detail).toMatch(/the model server answered 500 Internal Server Error$/);
    expect(plain.body).not.toContain('model exploded');
    expect(plain.body).not.toContain('sk-test-key');
  });

  it('stops a model that never answers at the step limit, and a slow one at the time limit', async () => {
    fake = await startFakeProvider(() => toolCallReply('kb_list_tool', {}));
    await createAgent(t, {
      name: 'loop_agent',
      model: fakeModel(fake),
      data: { knowledge_bases: ['mindsdb.*'] },
    });
    const looped = events((await stream(t, 'loop_agent', [{ question: 'hi' }])).body);
    expect(looped.filter((e) => e.actions)).toHaveLength(3);
    expect(looped.at(-2)).toMatchObject({
      type: 'error',
      content: 'The agent stopped after 3 model calls without an answer (step limit)',
    });
    expect(looped.at(-1)).toEqual({ type: 'end' });
    await fake.close();

    fake = await startFakeProvider(() => ({ ...textReply('too late'), delayMs: 3000 }));
    await t.inject({
      method: 'PUT',
      url: '/api/projects/mindsdb/agents/loop_agent',
      payload: { agent: { model: { base_url: fake.baseUrl } } },
    });
    const slow = events((await stream(t, 'loop_agent', [{ question: 'hi' }])).body);
    expect(slow.map((e) => e.type)).toEqual(['start', 'error', 'end']);
    expect(slow[1].content).toBe('The agent did not finish within 1.5 s (time limit)');
  });

  it("interrupts the run's SQL query when the client disconnects", async () => {
    fake = await startFakeProvider(() =>
      toolCallReply('sql_db_query', { query: 'SELECT count(*) AS n FROM range(1000000000000000)' }),
    );
    await createAgent(t, {
      name: 'slow_sql_agent',
      model: fakeModel(fake),
      data: { tables: ['files.tickets'] },
    });
    const engine = t.deps.databases.data;
    const { res, controller } = await streamOverHttp('slow_sql_agent', 'how many?');
    expect(res.status).toBe(200);
    await expect.poll(() => engine.runningSelects).toBe(1);
    controller.abort();
    // Left running, the query would hold an engine connection until the SQL time limit, a minute away.
    await expect.poll(() => engine.runningSelects, { timeout: 10_000 }).toBe(0);
  }, 30_000);

  it('stops the run when the client disconnects: no more model calls', async () => {
    fake = await startFakeProvider(() => ({ ...toolCallReply('kb_list_tool', {}), delayMs: 150 }));
    await createAgent(t, {
      name: 'gone_agent',
      model: fakeModel(fake),
      data: { knowledge_bases: ['mindsdb.*'] },
    });
    const { res, controller } = await streamOverHttp('gone_agent', 'hi');
    // Reading `steps` before the run is over also shows that events are flushed one by one, not at the end.
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('"steps"')) text += new TextDecoder().decode((await reader.read()).value);
    const trace = JSON.parse(parseSse(text).events[0].data).trace_id;
    controller.abort();
    await new Promise((r) => setTimeout(r, 700));
    // Unstopped, the loop would have made its 3 model calls by now; the one in flight (if any) was cut off.
    const seen = fake.requests.length;
    expect(seen).toBeLessThanOrEqual(2);
    expect(fake.requests.slice(1).every((r) => r.abandoned)).toBe(true);
    await new Promise((r) => setTimeout(r, 400));
    expect(fake.requests.length).toBe(seen);
    expect(t.deps.agentRuns.find(trace)?.status).toBe('stopped');
  });
});

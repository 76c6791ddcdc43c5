import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, events, startAgentTestApp, stream } from '../test/agent-test-kit';
import type { TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startAgentTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the completion stream with the local model over a real knowledge base', () => {
  it('sends start, actions and steps per tool call, output and end, each as one data line', async () => {
    await createAgent(t, { name: 'notes_agent', data: { knowledge_bases: ['mindsdb.notes_kb'] } });
    const res = await stream(t, 'notes_agent', [{ question: 'What color was requested?', answer: '' }]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-accel-buffering']).toBe('no');
    const list = events(res.body);
    const trace = list[0].trace_id;
    expect(trace).toMatch(/^[0-9a-f]{32}$/);
    // The framing: each event is exactly `data: <json>` and a blank line, nothing else on the wire.
    expect(res.body).toBe(list.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''));
    const query =
      "SELECT * FROM mindsdb.notes_kb WHERE content = 'What color was requested?' AND hybrid_search = true LIMIT 10";
    const listAction = { tool: 'kb_list_tool', tool_input: '', log: 'Invoking: `kb_list_tool` with ``' };
    const queryAction = {
      tool: 'kb_query_tool',
      tool_input: query,
      log: `Invoking: \`kb_query_tool\` with \`${query}\``,
    };
    const answer = 'Request color: black [A1B:notes:1of1:0to20]';
    expect(list.map((e) => e.type ?? Object.keys(e)[0])).toEqual([
      'start',
      'actions',
      'steps',
      'actions',
      'steps',
      'output',
      'end',
    ]);
    expect(list[0]).toEqual({ type: 'start', prompt: 'What color was requested?', trace_id: trace });
    expect(list[1]).toEqual({
      actions: [listAction],
      messages: [{ content: listAction.log }],
      trace_id: trace,
    });
    expect(list[2]).toEqual({
      steps: [{ action: listAction, observation: '["mindsdb.notes_kb"]' }],
      messages: [{ content: '["mindsdb.notes_kb"]' }],
      trace_id: trace,
    });
    expect(list[3]).toEqual({
      actions: [queryAction],
      messages: [{ content: queryAction.log }],
      trace_id: trace,
    });
    const observation: string = list[4].steps[0].observation;
    const lines = observation.split('\n');
    expect(lines[0]).toBe(
      "Output columns: 'id', 'chunk_id', 'chunk_content', 'metadata', 'distance', 'relevance'",
    );
    expect(lines[1]).toBe('id,chunk_id,chunk_content,metadata,distance,relevance');
    expect(lines[2]).toMatch(
      /^A1B,A1B:notes:1of1:0to20,Request color: black,"\{""_chunk_index"":0,.*""_original_doc_id"":""A1B"".*\}",[\d.]+,[\d.]+$/,
    );
    expect(list[4].steps[0].action).toEqual(queryAction);
    expect(list[5]).toEqual({ output: answer, messages: [{ content: answer }], trace_id: trace });
    expect(list[6]).toEqual({ type: 'end' });
  });

  it('answers the plain completion with the same run, collected', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/projects/mindsdb/agents/notes_agent/completions',
      payload: { messages: [{ question: 'When was the invoice paid?', answer: '' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: {
        content: 'The invoice was paid on Monday. [C2D:notes:1of1:0to31]',
        role: 'assistant',
        trace_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    });
  });

  it('includes a knowledge base created after the agent when data uses a wildcard', async () => {
    await createAgent(t, { name: 'wild_agent', data: { knowledge_bases: ['mindsdb.*'] } });
    await t.sql(`CREATE KNOWLEDGE_BASE mindsdb.later_kb USING content_columns = ['notes'], id_column = 'id'`);
    await t.sql(
      `INSERT INTO mindsdb.later_kb (id, notes) VALUES ('L1', 'Parcels ship from the Leeds warehouse.')`,
    );
    const list = events((await stream(t, 'wild_agent', [{ question: 'Where do parcels ship from?' }])).body);
    const listed = JSON.parse(list[2].steps[0].observation);
    expect(listed).toEqual(expect.arrayContaining(['mindsdb.notes_kb', 'mindsdb.later_kb']));
    expect(list.at(-2).output).toBe('Parcels ship from the Leeds warehouse. [L1:notes:1of1:0to38]');
  });

  it('takes answer: null in the history, as MindsDB clients send it for the question being asked', async () => {
    const res = await stream(t, 'notes_agent', [
      { question: 'Hello', answer: null },
      { question: 'What color was requested?', answer: null },
    ]);
    expect(res.statusCode).toBe(200);
    const list = events(res.body);
    expect(list.at(-1)).toEqual({ type: 'end' });
    expect(list.some((e) => e.type === 'error')).toBe(false);
    expect(list[0]).toMatchObject({ type: 'start', prompt: 'What color was requested?' });
  });

  it('answers 404 and 400 as problem bodies before the stream starts', async () => {
    const missing = await stream(t, 'nobody', [{ question: 'hi' }]);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    expect((await stream(t, 'notes_agent', [])).statusCode).toBe(400);
    expect((await stream(t, 'notes_agent', [{ question: '  ' }])).statusCode).toBe(400);
  });
});

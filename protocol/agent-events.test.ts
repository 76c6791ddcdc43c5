import { describe, expect, it } from 'vitest';
import { agentStreamEventSchema, normalizeAgentEvent, toTable, type AgentEvent } from './agent-events';

const action = { tool: 'kb_query_tool', tool_input: "SELECT * FROM kb WHERE content = 'x'", log: 'thinking' };
const call = { tool: 'kb_query_tool', input: "SELECT * FROM kb WHERE content = 'x'", log: 'thinking' };

const CASES: [string, unknown, AgentEvent][] = [
  // seed format
  ['seed start', { type: 'start', prompt: 'q', trace_id: 't' }, { kind: 'start', prompt: 'q', traceId: 't' }],
  [
    'seed actions',
    { actions: [action], messages: [{ content: 'thinking' }], trace_id: 't' },
    { kind: 'tool-call', calls: [call], traceId: 't' },
  ],
  [
    'seed steps',
    { steps: [{ action, observation: 'Output columns: ...' }], messages: [], trace_id: 't' },
    { kind: 'tool-result', results: [{ call, observation: 'Output columns: ...' }], traceId: 't' },
  ],
  [
    'seed output',
    { output: 'The answer', messages: [{ content: 'The answer' }], trace_id: 't' },
    { kind: 'answer', text: 'The answer', traceId: 't' },
  ],
  [
    'seed error',
    { type: 'error', content: 'boom', trace_id: 't' },
    { kind: 'error', message: 'boom', traceId: 't' },
  ],
  ['seed end', { type: 'end' }, { kind: 'end' }],
  ['empty trace id is dropped', { output: 'a', trace_id: '' }, { kind: 'answer', text: 'a' }],
  [
    'object tool input becomes JSON text',
    { actions: [{ tool: 'sql_db_query', tool_input: { query: 'SELECT 1' } }] },
    { kind: 'tool-call', calls: [{ tool: 'sql_db_query', input: '{\n  "query": "SELECT 1"\n}' }] },
  ],
  [
    'non-string observation becomes JSON text',
    { steps: [{ action: { tool: 'kb_list_tool', tool_input: '' }, observation: ['kb1'] }] },
    {
      kind: 'tool-result',
      results: [{ call: { tool: 'kb_list_tool', input: '' }, observation: '[\n  "kb1"\n]' }],
    },
  ],
  // v26 format
  [
    'v26 context note',
    { type: 'context', content: 'Looking at tables', trace_id: 't' },
    { kind: 'note', text: 'Looking at tables', traceId: 't' },
  ],
  ['v26 empty context', { type: 'context', content: [] }, { kind: 'note', text: '' }],
  [
    'v26 status note',
    { type: 'status', content: 'Executing query' },
    { kind: 'note', text: 'Executing query' },
  ],
  [
    'v26 data text',
    { type: 'data', text: 'Answer', trace_id: 't' },
    { kind: 'answer', text: 'Answer', traceId: 't' },
  ],
  ['v26 data content text', { type: 'data', content: 'Answer' }, { kind: 'answer', text: 'Answer' }],
  [
    'v26 data rows as records',
    { type: 'data', content: [{ a: 1, b: 'x' }, { a: 2 }] },
    {
      kind: 'table',
      columns: ['a', 'b'],
      rows: [
        [1, 'x'],
        [2, null],
      ],
    },
  ],
  [
    'v26 data rows as column_names/data',
    { type: 'data', content: { column_names: ['n'], data: [[1], [2]] } },
    { kind: 'table', columns: ['n'], rows: [[1], [2]] },
  ],
  ['v26 streamed text', { type: 'text', content: 'Part' }, { kind: 'answer', text: 'Part' }],
  ['v26 error', { type: 'error', content: 'Agent failed' }, { kind: 'error', message: 'Agent failed' }],
  ['v26 bare error string', { error: 'Bad key' }, { kind: 'error', message: 'Bad key' }],
  ['v26 bare error object', { error: { message: 'Quota' } }, { kind: 'error', message: 'Quota' }],
  [
    'typed error with no text',
    { type: 'error' },
    { kind: 'error', message: 'The agent reported an error without a message.' },
  ],
  // never throws
  ['unknown type', { type: 'sql', content: 'x' }, { kind: 'unknown', raw: { type: 'sql', content: 'x' } }],
  ['null', null, { kind: 'unknown', raw: null }],
  ['a string', 'hello', { kind: 'unknown', raw: 'hello' }],
  ['bare null error', { error: null }, { kind: 'unknown', raw: { error: null } }],
  ['actions that are not a list', { actions: 'x' }, { kind: 'unknown', raw: { actions: 'x' } }],
];

describe('normalizeAgentEvent', () => {
  it.each(CASES)('%s', (_name, input, expected) => {
    expect(normalizeAgentEvent(input)).toEqual(expected);
  });

  it('accepts every recognised shape in the union schema', () => {
    for (const [, input, expected] of CASES) {
      expect(agentStreamEventSchema.safeParse(input).success).toBe(expected.kind !== 'unknown');
    }
  });
});

describe('toTable', () => {
  it('reads records, split column/data objects, and refuses anything else', () => {
    expect(toTable([{ a: 1 }])).toEqual({ columns: ['a'], rows: [[1]] });
    expect(toTable({ columns: ['a'], data: [[1]] })).toEqual({ columns: ['a'], rows: [[1]] });
    expect(toTable([1, 2])).toBeNull();
    expect(toTable({ data: [[1]] })).toBeNull();
    expect(toTable('x')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { normalizeAgentEvent } from '../../../protocol/agent-events';
import {
  chatReducer,
  CLOSED_EARLY,
  initialChatState,
  isStreaming,
  messagesFor,
  type ChatAction,
  type ChatState,
  type Turn,
} from './chat-reducer';

const fold = (actions: ChatAction[], from: ChatState = initialChatState) => actions.reduce(chatReducer, from);
/** Raw wire payloads for turn `id`, normalised exactly as the stream does. */
const wire = (id: string, ...payloads: unknown[]): ChatAction[] =>
  payloads.map((p) => ({ type: 'event', id, event: normalizeAgentEvent(p) }));

const q = "SELECT * FROM kb WHERE content = 'refunds' LIMIT 5";
const action = { tool: 'kb_query_tool', tool_input: q, log: 'I should search' };
const OBS = "Output columns: 'id', 'chunk_id'\nid,chunk_id\nA,A:body:1of1:0to5";

const seedRun = (id: string) =>
  wire(
    id,
    { type: 'start', prompt: 'How do refunds work?', trace_id: 'tr-1' },
    { actions: [{ tool: 'kb_list_tool', tool_input: '', log: '' }], messages: [], trace_id: 'tr-1' },
    {
      steps: [{ action: { tool: 'kb_list_tool', tool_input: '' }, observation: '["kb"]' }],
      trace_id: 'tr-1',
    },
    { actions: [action], messages: [{ content: 'I should search' }], trace_id: 'tr-1' },
    { steps: [{ action, observation: OBS }], messages: [], trace_id: 'tr-1' },
    { output: 'Refunds take 5 days [A:body:1of1:0to5].', messages: [], trace_id: 'tr-1' },
    { type: 'end' },
  );

interface Case {
  name: string;
  actions: ChatAction[];
  expected: Partial<Turn>[];
}

const ask = (id: string, question = 'How do refunds work?'): ChatAction => ({ type: 'ask', id, question });

const CASES: Case[] = [
  {
    name: 'seed format: tool cards fill in, then the answer, then done',
    actions: [ask('1'), ...seedRun('1')],
    expected: [
      {
        status: 'done',
        traceId: 'tr-1',
        answer: 'Refunds take 5 days [A:body:1of1:0to5].',
        items: [
          { type: 'tool', id: '1.0', tool: 'kb_list_tool', input: '', observation: '["kb"]' },
          {
            type: 'tool',
            id: '1.1',
            tool: 'kb_query_tool',
            input: q,
            log: 'I should search',
            observation: OBS,
          },
        ],
      },
    ],
  },
  {
    name: 'seed format: a card shows its call before the observation arrives',
    actions: [ask('1'), ...seedRun('1').slice(0, 4)],
    expected: [
      {
        status: 'streaming',
        answer: '',
        items: [expect.anything(), expect.not.objectContaining({ observation: expect.anything() })],
      },
    ],
  },
  {
    name: 'seed format: a step without its action still becomes a card',
    actions: [ask('1'), ...wire('1', { steps: [{ action, observation: 'x' }] })],
    expected: [
      {
        items: [
          {
            type: 'tool',
            id: '1.0',
            tool: 'kb_query_tool',
            input: q,
            log: 'I should search',
            observation: 'x',
          },
        ],
      },
    ],
  },
  {
    name: 'seed format: an error mid-stream shows in place; the end after it changes nothing',
    actions: [
      ask('1'),
      ...wire(
        '1',
        { actions: [action], trace_id: 't' },
        { type: 'error', content: 'KB gone', trace_id: 't' },
        { type: 'end' },
      ),
      { type: 'closed', id: '1' },
    ],
    expected: [
      {
        status: 'error',
        items: [expect.objectContaining({ type: 'tool' }), { type: 'error', id: '1.1', message: 'KB gone' }],
      },
    ],
  },
  {
    name: 'v26 format: notes, the answer as data text, two ends',
    actions: [
      ask('1'),
      ...wire(
        '1',
        { type: 'start', prompt: 'p', trace_id: 'v' },
        { type: 'context', content: 'Looking at the data', trace_id: 'v' },
        { type: 'status', content: 'Executing query', trace_id: 'v' },
        { type: 'context', content: [], trace_id: 'v' },
        { type: 'data', text: 'It is 42.', trace_id: 'v' },
        { type: 'end', trace_id: 'v' },
        { type: 'end' },
      ),
    ],
    expected: [
      {
        status: 'done',
        traceId: 'v',
        answer: 'It is 42.',
        items: [
          { type: 'note', id: '1.0', text: 'Looking at the data' },
          { type: 'note', id: '1.1', text: 'Executing query' },
        ],
      },
    ],
  },
  {
    name: 'v26 format: rows of a final query become a table',
    actions: [ask('1'), ...wire('1', { type: 'data', content: [{ n: 1 }] }, { type: 'end' })],
    expected: [
      { status: 'done', answer: '', items: [{ type: 'table', id: '1.0', columns: ['n'], rows: [[1]] }] },
    ],
  },
  {
    name: 'v26 format: a bare error object',
    actions: [ask('1'), ...wire('1', { error: { message: 'Model quota exceeded' } }, { type: 'end' })],
    expected: [{ status: 'error', items: [{ type: 'error', id: '1.0', message: 'Model quota exceeded' }] }],
  },
  {
    name: 'v26 format: streamed text replaces the answer so far',
    actions: [ask('1'), ...wire('1', { type: 'text', content: 'Hel' }, { type: 'text', content: 'Hello' })],
    expected: [{ status: 'streaming', answer: 'Hello' }],
  },
  {
    name: 'unknown events change nothing',
    actions: [ask('1'), ...wire('1', { type: 'ping' }, 'junk')],
    expected: [{ status: 'streaming', items: [], answer: '' }],
  },
  {
    name: 'stop keeps what arrived, marks it stopped, and ignores later events',
    actions: [ask('1'), ...seedRun('1').slice(0, 4), { type: 'stop', id: '1' }, ...seedRun('1').slice(4)],
    expected: [
      {
        status: 'stopped',
        answer: '',
        items: [expect.anything(), expect.objectContaining({ tool: 'kb_query_tool' })],
      },
    ],
  },
  {
    name: 'an HTTP failure before any event shows as an error in the turn',
    actions: [ask('1'), { type: 'fail', id: '1', message: 'Agent not found' }],
    expected: [{ status: 'error', items: [{ type: 'error', id: '1.0', message: 'Agent not found' }] }],
  },
  {
    name: 'a stream that closes without an end or an answer did not finish',
    actions: [ask('1'), ...seedRun('1').slice(0, 3), { type: 'closed', id: '1' }],
    expected: [
      { status: 'error', items: [expect.anything(), { type: 'error', id: '1.1', message: CLOSED_EARLY }] },
    ],
  },
  {
    name: 'a stream that closes after the answer but without an end is done',
    actions: [ask('1'), ...wire('1', { output: 'ok' }), { type: 'closed', id: '1' }],
    expected: [{ status: 'done', answer: 'ok' }],
  },
  {
    name: 'an error keeps the conversation: earlier turns stay, a follow-up can be asked',
    actions: [
      ask('1'),
      ...seedRun('1'),
      ask('2', 'And exchanges?'),
      { type: 'fail', id: '2', message: 'Network' },
      ask('3', 'Again?'),
    ],
    expected: [
      { id: '1', status: 'done' },
      { id: '2', status: 'error' },
      { id: '3', question: 'Again?', status: 'streaming' },
    ],
  },
  {
    name: 'retry replaces the last turn with a fresh run of the same question',
    actions: [
      ask('1'),
      ...seedRun('1'),
      ask('2', 'Why?'),
      { type: 'fail', id: '2', message: 'x' },
      { type: 'retry', id: '3' },
    ],
    expected: [
      { id: '1', status: 'done' },
      { id: '3', question: 'Why?', status: 'streaming', items: [], answer: '' },
    ],
  },
  {
    name: 'retry is ignored while the last turn still streams',
    actions: [ask('1'), { type: 'retry', id: '2' }],
    expected: [{ id: '1', status: 'streaming' }],
  },
  {
    name: 'events for another turn are ignored',
    actions: [ask('1'), ...seedRun('1'), ask('2'), ...wire('1', { output: 'late' })],
    expected: [
      { id: '1', answer: 'Refunds take 5 days [A:body:1of1:0to5].' },
      { id: '2', answer: '' },
    ],
  },
  {
    name: 'new conversation empties the list',
    actions: [ask('1'), ...seedRun('1'), { type: 'reset' }],
    expected: [],
  },
];

describe('chatReducer', () => {
  it.each(CASES)('$name', ({ actions, expected }) => {
    const { turns } = fold(actions);
    expect(turns).toHaveLength(expected.length);
    expected.forEach((e, i) => expect(turns[i]).toMatchObject(e));
  });

  it('keeps finished turns and finished cards identical while another streams', () => {
    const first = fold([ask('1'), ...seedRun('1'), ask('2')]);
    const next = fold(seedRun('2').slice(0, 5), first);
    expect(next.turns[0]).toBe(first.turns[0]);
    const mid = fold(seedRun('2').slice(0, 3), first);
    const later = fold(seedRun('2').slice(3, 5), mid);
    expect(later.turns[1]).not.toBe(mid.turns[1]);
    expect(later.turns[1].items[0]).toBe(mid.turns[1].items[0]);
  });

  it('returns the same state for an ignored event, so nothing re-renders', () => {
    const state = fold([ask('1'), ...seedRun('1')]);
    expect(chatReducer(state, wire('1', { output: 'late' })[0])).toBe(state);
    expect(chatReducer(state, { type: 'stop', id: '1' })).toBe(state);
  });

  it('knows when a run is in flight', () => {
    expect(isStreaming(fold([ask('1')]))).toBe(true);
    expect(isStreaming(fold([ask('1'), ...seedRun('1')]))).toBe(false);
    expect(isStreaming(initialChatState)).toBe(false);
  });
});

describe('messagesFor', () => {
  it('sends finished exchanges as question/answer pairs, then the new question', () => {
    const { turns } = fold([
      ask('1', 'First?'),
      ...wire('1', { output: 'One.' }, { type: 'end' }),
      ask('2', 'Stopped?'),
      ...wire('2', { output: 'Partial' }),
      { type: 'stop', id: '2' },
      ask('3', 'Failed?'),
      { type: 'fail', id: '3', message: 'x' },
    ]);
    expect(messagesFor(turns, 'Next?')).toEqual([
      { question: 'First?', answer: 'One.' },
      { question: 'Next?', answer: '' },
    ]);
  });

  it('sends a lone question for a new conversation', () => {
    expect(messagesFor([], 'Hi')).toEqual([{ question: 'Hi', answer: '' }]);
  });
});

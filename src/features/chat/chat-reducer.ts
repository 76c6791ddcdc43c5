import type { AgentEvent, ToolCall } from '../../../protocol/agent-events';
import type { CompletionMessage } from '../../../protocol/api/agents';

/**
 * The chat view as a pure fold of stream events. Only the turn being streamed is ever replaced, and inside it
 * only the item that changed, so finished turns and finished tool cards keep their identity and memoised
 * components skip them: the list grows by appending, it is never rebuilt.
 */

export type TurnStatus = 'streaming' | 'done' | 'stopped' | 'error';

export interface ToolItem extends ToolCall {
  type: 'tool';
  id: string;
  /** Undefined while the tool runs. */
  observation?: string;
}
export interface NoteItem {
  type: 'note';
  id: string;
  text: string;
}
export interface TableItem {
  type: 'table';
  id: string;
  columns: string[];
  rows: unknown[][];
}
export interface ErrorItem {
  type: 'error';
  id: string;
  message: string;
}
/** What happened during a run, in arrival order. */
export type RunItem = ToolItem | NoteItem | TableItem | ErrorItem;

export interface Turn {
  id: string;
  question: string;
  status: TurnStatus;
  items: RunItem[];
  /** The final answer (markdown); empty until one arrives. */
  answer: string;
  traceId?: string;
}

export interface ChatState {
  turns: Turn[];
}

export const initialChatState: ChatState = { turns: [] };

export type ChatAction =
  | { type: 'ask'; id: string; question: string }
  | { type: 'event'; id: string; event: AgentEvent }
  /** The user stopped the run: what arrived stays, marked stopped; later events are ignored. */
  | { type: 'stop'; id: string }
  /** The request failed outside the stream's own events (HTTP error, lost connection, cut stream). */
  | { type: 'fail'; id: string; message: string }
  /** The stream closed normally; a run with neither an end nor an answer did not finish. */
  | { type: 'closed'; id: string }
  /** Asks the last question again, replacing its turn. */
  | { type: 'retry'; id: string }
  | { type: 'reset' };

export const CLOSED_EARLY = 'The connection closed before the agent finished.';

const itemId = (turn: Turn) => `${turn.id}.${turn.items.length}`;

function withItem(turn: Turn, item: RunItem): Turn {
  return { ...turn, items: [...turn.items, item] };
}

/** The first card of this call still waiting for its observation, or -1. */
function pendingToolIndex(items: RunItem[], call: ToolCall): number {
  return items.findIndex(
    (i) => i.type === 'tool' && i.observation === undefined && i.tool === call.tool && i.input === call.input,
  );
}

function addResult(turn: Turn, call: ToolCall, observation: string): Turn {
  const index = pendingToolIndex(turn.items, call);
  if (index === -1) {
    // A result whose call never came as its own event: show it as a complete card.
    return withItem(turn, { type: 'tool', id: itemId(turn), ...call, observation });
  }
  const items = turn.items.slice();
  items[index] = { ...(items[index] as ToolItem), observation };
  return { ...turn, items };
}

function applyEvent(turn: Turn, event: AgentEvent): Turn {
  const traced =
    'traceId' in event && event.traceId && !turn.traceId ? { ...turn, traceId: event.traceId } : turn;
  switch (event.kind) {
    case 'tool-call':
      return event.calls.reduce((t, call) => withItem(t, { type: 'tool', id: itemId(t), ...call }), traced);
    case 'tool-result':
      return event.results.reduce((t, r) => addResult(t, r.call, r.observation), traced);
    case 'answer':
      return { ...traced, answer: event.text };
    case 'note':
      return event.text ? withItem(traced, { type: 'note', id: itemId(traced), text: event.text }) : traced;
    case 'table':
      return withItem(traced, {
        type: 'table',
        id: itemId(traced),
        columns: event.columns,
        rows: event.rows,
      });
    case 'error':
      return {
        ...withItem(traced, { type: 'error', id: itemId(traced), message: event.message }),
        status: 'error',
      };
    case 'end':
      return { ...traced, status: 'done' };
    case 'start':
      return traced;
    case 'unknown':
      return turn;
  }
}

/** Applies `change` to the turn `id` if it is still streaming; anything else is a late event to ignore. */
function updateStreaming(state: ChatState, id: string, change: (turn: Turn) => Turn): ChatState {
  const index = state.turns.findIndex((t) => t.id === id);
  const turn = state.turns[index];
  if (!turn || turn.status !== 'streaming') return state;
  const next = change(turn);
  if (next === turn) return state;
  const turns = state.turns.slice();
  turns[index] = next;
  return { turns };
}

const newTurn = (id: string, question: string): Turn => ({
  id,
  question,
  status: 'streaming',
  items: [],
  answer: '',
});

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'ask':
      return { turns: [...state.turns, newTurn(action.id, action.question)] };
    case 'event':
      return updateStreaming(state, action.id, (t) => applyEvent(t, action.event));
    case 'stop':
      return updateStreaming(state, action.id, (t) => ({ ...t, status: 'stopped' }));
    case 'fail':
      return updateStreaming(state, action.id, (t) => ({
        ...withItem(t, { type: 'error', id: itemId(t), message: action.message }),
        status: 'error',
      }));
    case 'closed':
      return updateStreaming(state, action.id, (t) =>
        t.answer ? { ...t, status: 'done' } : applyEvent(t, { kind: 'error', message: CLOSED_EARLY }),
      );
    case 'retry': {
      const last = state.turns.at(-1);
      if (!last || last.status === 'streaming') return state;
      return { turns: [...state.turns.slice(0, -1), newTurn(action.id, last.question)] };
    }
    case 'reset':
      return initialChatState;
  }
}

export const isStreaming = (state: ChatState) => state.turns.at(-1)?.status === 'streaming';

/**
 * The request body for a new question: every finished exchange as a question/answer pair, then the question
 * with an empty answer. Stopped and failed turns are left out: their partial output is not an answer the
 * agent gave, and sending it would make the agent build on it.
 */
export function messagesFor(turns: Turn[], question: string): CompletionMessage[] {
  return [
    ...turns
      .filter((t) => t.status === 'done' && t.answer)
      .map((t) => ({ question: t.question, answer: t.answer })),
    { question, answer: '' },
  ];
}

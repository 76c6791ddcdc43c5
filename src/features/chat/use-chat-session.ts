import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import type { CompletionMessage } from '../../../protocol/api/agents';
import { streamAgentCompletion } from '../../api/stream';
import { chatReducer, initialChatState, isStreaming, messagesFor } from './chat-reducer';

let counter = 0;
/** Unique within the page; the reducer stays pure by receiving ids rather than making them. */
const nextTurnId = () => `t${Date.now().toString(36)}${(counter++).toString(36)}`;

const isAbort = (err: unknown) => err instanceof Error && err.name === 'AbortError';

/**
 * One conversation with one agent: owns the in-flight request and folds its events into the chat state.
 * Unmounting (or switching agent, which remounts the pane) aborts the request.
 */
export function useChatSession(project: string, agent: string) {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  // Callbacks read the latest state through a ref so they stay stable and memoised turns do not re-render.
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);
  /** Set synchronously when a run starts, so a double submit cannot start two. */
  const controllerRef = useRef<AbortController | null>(null);

  const run = useCallback(
    async (id: string, messages: CompletionMessage[]) => {
      const controller = new AbortController();
      controllerRef.current = controller;
      try {
        for await (const event of streamAgentCompletion(project, agent, messages, controller.signal)) {
          dispatch({ type: 'event', id, event });
        }
        dispatch({ type: 'closed', id });
      } catch (err) {
        // A stop has already been recorded; anything else is shown in the turn.
        if (!isAbort(err)) dispatch({ type: 'fail', id, message: (err as Error).message || String(err) });
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
      }
    },
    [project, agent],
  );

  const ask = useCallback(
    (question: string) => {
      const text = question.trim();
      if (!text || controllerRef.current || isStreaming(stateRef.current)) return false;
      const id = nextTurnId();
      const messages = messagesFor(stateRef.current.turns, text);
      dispatch({ type: 'ask', id, question: text });
      void run(id, messages);
      return true;
    },
    [run],
  );

  const stop = useCallback(() => {
    const last = stateRef.current.turns.at(-1);
    if (!last || last.status !== 'streaming') return;
    dispatch({ type: 'stop', id: last.id });
    controllerRef.current?.abort();
    controllerRef.current = null;
  }, []);

  const retry = useCallback(() => {
    const { turns } = stateRef.current;
    const last = turns.at(-1);
    if (!last || last.status === 'streaming' || controllerRef.current) return;
    const id = nextTurnId();
    dispatch({ type: 'retry', id });
    void run(id, messagesFor(turns.slice(0, -1), last.question));
  }, [run]);

  const reset = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    dispatch({ type: 'reset' });
  }, []);

  useEffect(() => () => controllerRef.current?.abort(), []);

  return { turns: state.turns, streaming: isStreaming(state), ask, stop, retry, reset };
}

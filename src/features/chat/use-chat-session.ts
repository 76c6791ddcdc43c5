import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import type { CompletionMessage } from '../../../protocol/api/agents';
import { streamAgentCompletion } from '../../api/stream';
import { chatReducer, isStreaming, messagesFor, type Turn } from './chat-reducer';

let counter = 0;
/** Unique within the page; the reducer stays pure by receiving ids rather than making them. */
const nextTurnId = () => `t${Date.now().toString(36)}${(counter++).toString(36)}`;

const isAbort = (err: unknown) => err instanceof Error && err.name === 'AbortError';

const NO_TURNS: Turn[] = [];

/**
 * One conversation with one agent: owns the in-flight request and folds its events into the chat state.
 * Unmounting (or switching agent or conversation, which remounts the pane) aborts the request. It starts from
 * `initialTurns` (a saved conversation) and hands its turns to `onSave` whenever no answer is streaming.
 */
export function useChatSession(
  project: string,
  agent: string,
  initialTurns: Turn[] = NO_TURNS,
  onSave?: (turns: Turn[]) => void,
) {
  const [state, dispatch] = useReducer(chatReducer, initialTurns, (turns) => ({ turns }));
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

  // Saved once each answer has settled (done, stopped or failed): not on every streamed event.
  const streaming = isStreaming(state);
  const saveRef = useRef(onSave);
  useLayoutEffect(() => {
    saveRef.current = onSave;
  }, [onSave]);
  useEffect(() => {
    if (!streaming && state.turns.length > 0 && state.turns !== initialTurns) saveRef.current?.(state.turns);
  }, [state.turns, streaming, initialTurns]);

  return { turns: state.turns, streaming, ask, stop, retry, reset };
}

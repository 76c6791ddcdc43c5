import { normalizeAgentEvent, type AgentEvent } from '../../protocol/agent-events';
import type { CompletionMessage } from '../../protocol/api/agents';
import { SseParser, type SseEvent } from '../../protocol/sse';
import { agentPath } from './agents/queries';
import { ApiError, apiFetchRaw } from './client';

/** The connection closed in the middle of an event: what arrived before it is still valid. */
export class StreamCutError extends Error {
  constructor(readonly partial: string) {
    super('The connection closed in the middle of an event; the rest of the answer was lost.');
    this.name = 'StreamCutError';
  }
}

function decode(event: SseEvent): AgentEvent {
  try {
    return normalizeAgentEvent(JSON.parse(event.data));
  } catch {
    // Not JSON: keep it as an unknown event rather than failing the whole run.
    return { kind: 'unknown', raw: event.data };
  }
}

/**
 * Asks an agent and yields its events as they arrive. `messages` is the whole conversation as question/answer
 * pairs, the last one unanswered. Aborting `signal` cancels the request; the iterator then throws AbortError.
 * A stream cut mid-event ends with StreamCutError after the complete events.
 */
export async function* streamAgentCompletion(
  project: string,
  agent: string,
  messages: CompletionMessage[],
  signal?: AbortSignal,
): AsyncGenerator<AgentEvent, void, undefined> {
  const response = await apiFetchRaw(`${agentPath(project, agent)}/completions/stream`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({ messages }),
    signal,
  });
  if (!response.body) {
    throw new ApiError(response.status, { title: 'Empty stream', detail: 'The server sent no body.' });
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new SseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const event of parser.push(value)) yield decode(event);
    }
    const end = parser.finish();
    if (end.incomplete) throw new StreamCutError(end.partial);
  } finally {
    // Reached early when the consumer stops iterating: release the connection.
    reader.cancel().catch(() => undefined);
  }
}

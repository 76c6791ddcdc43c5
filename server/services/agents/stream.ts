import type { SeedStreamEvent } from '../../../protocol/agent-events';
import { excerpt } from '../../util/excerpt';
import { ServiceError } from '../../errors';
import { RunAbortedError } from './errors';
import type { AgentRun } from './runner';

/** What a failure tells the user: our errors as they are, anything else as one line without internals. */
export function errorText(err: unknown): string {
  if (err instanceof ServiceError) return excerpt(err.message);
  const first = String((err as Error)?.message ?? err).split('\n')[0];
  return excerpt(`The agent failed: ${first}`);
}

/**
 * The run's events for the stream: a failure becomes an `error` event and the stream still ends with `end`.
 * When the client has gone, nothing more is produced.
 */
export async function* streamEvents(
  run: AgentRun,
  onUnexpected: (err: unknown) => void = () => undefined,
): AsyncGenerator<SeedStreamEvent> {
  try {
    yield* run.events;
  } catch (err) {
    if (err instanceof RunAbortedError) return;
    if (!(err instanceof ServiceError)) onUnexpected(err);
    yield { type: 'error', content: errorText(err), trace_id: run.traceId };
  }
  yield { type: 'end' };
}

/** The plain completion: the same run, collected; a failure is thrown for the route to answer. */
export async function collectAnswer(run: AgentRun): Promise<{ content: string; trace_id: string }> {
  let content = '';
  for await (const event of run.events) {
    if ('output' in event && typeof event.output === 'string') content = event.output;
  }
  return { content, trace_id: run.traceId };
}

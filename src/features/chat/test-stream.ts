import { normalizeAgentEvent, type AgentEvent } from '../../../protocol/agent-events';
import type { CompletionMessage } from '../../../protocol/api/agents';

/**
 * A fake agent stream the test drives event by event, standing in for the network in component tests.
 * It honours the abort signal the way a fetch body does: the pending read rejects with AbortError.
 */
export class TestStream {
  readonly messages: CompletionMessage[];
  readonly signal: AbortSignal | undefined;
  private queue: AgentEvent[] = [];
  private closed = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(messages: CompletionMessage[], signal?: AbortSignal) {
    this.messages = messages;
    this.signal = signal;
  }

  /** Sends wire payloads, normalised as the real stream does. */
  send(...payloads: unknown[]): void {
    this.queue.push(...payloads.map(normalizeAgentEvent));
    this.wake?.();
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  fail(error: Error): void {
    this.failure = error;
    this.wake?.();
  }

  async *events(): AsyncGenerator<AgentEvent> {
    for (;;) {
      if (this.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
      const next = this.queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (this.failure) throw this.failure;
      if (this.closed) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.signal?.addEventListener('abort', () => resolve(), { once: true });
      });
    }
  }
}

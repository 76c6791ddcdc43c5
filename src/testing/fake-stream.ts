import { encodeSseEvent } from '../../protocol/sse';

const encoder = new TextEncoder();

/**
 * A response body the test writes as it goes: server-sent events (the agent stream), raw text or exact byte
 * chunks. It stands where the network is, so the console's real stream reader parses it. When the request's
 * signal aborts, the pending read fails with AbortError as a fetch body does, and `aborted` says so.
 */
export class FakeStream {
  readonly body: ReadableStream<Uint8Array>;
  /** The request's abort signal fired: the console stopped waiting. */
  aborted = false;
  /** The reader cancelled the body (the console stopped reading early). */
  cancelled = false;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private ended = false;

  constructor() {
    this.body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
      cancel: () => {
        this.cancelled = true;
        this.ended = true;
      },
    });
  }

  /** Ties the stream to the request's signal (done by fakeFetch). */
  attach(signal: AbortSignal | null | undefined): void {
    const abort = () => {
      this.aborted = true;
      this.error(new DOMException('The operation was aborted.', 'AbortError'));
    };
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  }

  /** Sends each payload as one SSE event, as the server writes them. */
  send(...payloads: unknown[]): void {
    for (const p of payloads) this.bytes(encoder.encode(encodeSseEvent(p)));
  }

  text(text: string): void {
    this.bytes(encoder.encode(text));
  }

  bytes(chunk: Uint8Array): void {
    if (!this.ended) this.controller.enqueue(chunk);
  }

  /** The server ends the response. */
  close(): void {
    if (this.ended) return;
    this.ended = true;
    this.controller.close();
  }

  /** The connection breaks. */
  error(err: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.controller.error(err);
  }
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeSseEvent } from '../../protocol/sse';
import { ApiError, apiFetchRaw } from './client';
import { StreamCutError, streamAgentCompletion } from './stream';

vi.mock('./client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./client')>()),
  apiFetchRaw: vi.fn(),
}));
const fetchRaw = vi.mocked(apiFetchRaw);

/** A streamed response whose body arrives in exactly these byte chunks; `open` keeps it from ever closing. */
function streamed(chunks: Uint8Array[], onCancel?: () => void, open = false) {
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else if (!open) controller.close();
    },
    cancel: onCancel,
  });
  // A bare object rather than the test environment's Response, which may wrap (and detach) the stream.
  return { ok: true, status: 200, body } as Response;
}

const bytes = (text: string) => new TextEncoder().encode(text);

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

afterEach(() => fetchRaw.mockReset());

describe('streamAgentCompletion', () => {
  it('posts the conversation to the stream route of the agent', async () => {
    fetchRaw.mockResolvedValue(streamed([bytes(encodeSseEvent({ type: 'end' }))]));
    const messages = [
      { question: 'first', answer: 'one' },
      { question: 'second', answer: '' },
    ];
    await collect(streamAgentCompletion('my proj', 'bot', messages));
    const [path, init] = fetchRaw.mock.calls[0];
    expect(path).toBe('/api/projects/my%20proj/agents/bot/completions/stream');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ messages });
  });

  it('yields normalised events across chunk and UTF-8 boundaries', async () => {
    const text =
      encodeSseEvent({ type: 'start', prompt: 'q', trace_id: 't' }) +
      encodeSseEvent({ output: 'café ✓', trace_id: 't' }) +
      encodeSseEvent({ type: 'end' });
    const all = bytes(text);
    // Split inside the two-byte "é" and inside a `data:` line.
    const cut = all.indexOf(0xc3) + 1;
    fetchRaw.mockResolvedValue(streamed([all.slice(0, 5), all.slice(5, cut), all.slice(cut)]));
    expect(await collect(streamAgentCompletion('p', 'a', [{ question: 'q', answer: '' }]))).toEqual([
      { kind: 'start', prompt: 'q', traceId: 't' },
      { kind: 'answer', text: 'café ✓', traceId: 't' },
      { kind: 'end' },
    ]);
  });

  it('keeps a non-JSON payload as an unknown event', async () => {
    fetchRaw.mockResolvedValue(streamed([bytes('data: [DONE]x\n\n')]));
    expect(await collect(streamAgentCompletion('p', 'a', [{ question: 'q' }]))).toEqual([
      { kind: 'unknown', raw: '[DONE]x' },
    ]);
  });

  it('yields the complete events, then throws StreamCutError when the stream stops mid-event', async () => {
    fetchRaw.mockResolvedValue(streamed([bytes(encodeSseEvent({ type: 'start' }) + 'data: {"outp')]));
    const seen: unknown[] = [];
    const run = async () => {
      for await (const e of streamAgentCompletion('p', 'a', [{ question: 'q' }])) seen.push(e);
    };
    await expect(run()).rejects.toBeInstanceOf(StreamCutError);
    expect(seen).toEqual([{ kind: 'start' }]);
  });

  it('passes HTTP errors through as ApiError', async () => {
    fetchRaw.mockRejectedValue(new ApiError(404, { title: 'Agent not found' }));
    await expect(collect(streamAgentCompletion('p', 'a', [{ question: 'q' }]))).rejects.toThrow(
      'Agent not found',
    );
  });

  it('cancels the body when the consumer stops early', async () => {
    const cancelled = vi.fn();
    const text = encodeSseEvent({ type: 'start' }) + encodeSseEvent({ type: 'end' });
    fetchRaw.mockResolvedValue(streamed([bytes(text)], cancelled, true));
    for await (const event of streamAgentCompletion('p', 'a', [{ question: 'q' }])) {
      expect(event).toEqual({ kind: 'start' });
      break;
    }
    await vi.waitFor(() => expect(cancelled).toHaveBeenCalled());
  });

  it('hands the abort signal to the request', async () => {
    fetchRaw.mockResolvedValue(streamed([bytes(encodeSseEvent({ type: 'end' }))]));
    const controller = new AbortController();
    await collect(streamAgentCompletion('p', 'a', [{ question: 'q' }], controller.signal));
    expect(fetchRaw.mock.calls[0][1]?.signal).toBe(controller.signal);
  });
});

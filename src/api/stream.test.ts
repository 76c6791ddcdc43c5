import { describe, expect, it, vi } from 'vitest';
import { encodeSseEvent } from '../../protocol/sse';
import { FakeStream, fakeFetch, type FakeResponse } from '../testing/fake-fetch';
import { StreamCutError, streamAgentCompletion } from './stream';

const bytes = (text: string) => new TextEncoder().encode(text);

/** The server answers every request with `stream` (or `response`); the test writes the body. */
function serve(response: FakeResponse) {
  return fakeFetch(() => response);
}

/** A stream whose whole body is already written, in exactly these chunks. */
function written(...chunks: Uint8Array[]): FakeStream {
  const stream = new FakeStream();
  for (const chunk of chunks) stream.bytes(chunk);
  stream.close();
  return stream;
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('streamAgentCompletion', () => {
  it('posts the conversation to the stream route of the agent', async () => {
    const api = serve({ stream: written(bytes(encodeSseEvent({ type: 'end' }))) });
    const messages = [
      { question: 'first', answer: 'one' },
      { question: 'second', answer: '' },
    ];
    await collect(streamAgentCompletion('my proj', 'bot', messages));
    expect(api.requests).toHaveLength(1);
    const [sent] = api.requests;
    expect(sent.path).toBe('/api/projects/my%20proj/agents/bot/completions/stream');
    expect(sent.method).toBe('POST');
    expect(sent.headers.get('accept')).toBe('text/event-stream');
    expect(sent.body).toEqual({ messages });
  });

  it('yields normalised events across chunk and UTF-8 boundaries', async () => {
    const text =
      encodeSseEvent({ type: 'start', prompt: 'q', trace_id: 't' }) +
      encodeSseEvent({ output: 'café ✓', trace_id: 't' }) +
      encodeSseEvent({ type: 'end' });
    const all = bytes(text);
    // Split inside the two-byte "é" and inside a `data:` line.
    const cut = all.indexOf(0xc3) + 1;
    serve({ stream: written(all.slice(0, 5), all.slice(5, cut), all.slice(cut)) });
    expect(await collect(streamAgentCompletion('p', 'a', [{ question: 'q', answer: '' }]))).toEqual([
      { kind: 'start', prompt: 'q', traceId: 't' },
      { kind: 'answer', text: 'café ✓', traceId: 't' },
      { kind: 'end' },
    ]);
  });

  it('keeps a non-JSON payload as an unknown event', async () => {
    serve({ stream: written(bytes('data: [DONE]x\n\n')) });
    expect(await collect(streamAgentCompletion('p', 'a', [{ question: 'q' }]))).toEqual([
      { kind: 'unknown', raw: '[DONE]x' },
    ]);
  });

  it('yields the complete events, then throws StreamCutError when the stream stops mid-event', async () => {
    serve({ stream: written(bytes(encodeSseEvent({ type: 'start' }) + 'data: {"outp')) });
    const seen: unknown[] = [];
    const run = async () => {
      for await (const e of streamAgentCompletion('p', 'a', [{ question: 'q' }])) seen.push(e);
    };
    await expect(run()).rejects.toBeInstanceOf(StreamCutError);
    expect(seen).toEqual([{ kind: 'start' }]);
  });

  it('passes HTTP errors through as ApiError, in plain words', async () => {
    serve({ status: 404, json: { title: 'Not Found', detail: 'Agent not found' } });
    await expect(collect(streamAgentCompletion('p', 'a', [{ question: 'q' }]))).rejects.toMatchObject({
      name: 'ApiError',
      status: 404,
      message: 'Agent not found',
    });
  });

  it('cancels the body when the consumer stops early', async () => {
    const stream = new FakeStream();
    stream.send({ type: 'start' }, { type: 'end' });
    serve({ stream });
    for await (const event of streamAgentCompletion('p', 'a', [{ question: 'q' }])) {
      expect(event).toEqual({ kind: 'start' });
      break;
    }
    await vi.waitFor(() => expect(stream.cancelled).toBe(true));
  });

  it('stops reading when the signal aborts, and hands the signal to the request', async () => {
    const stream = new FakeStream();
    stream.send({ type: 'start' });
    const api = serve({ stream });
    const controller = new AbortController();
    const seen: unknown[] = [];
    const run = (async () => {
      for await (const e of streamAgentCompletion('p', 'a', [{ question: 'q' }], controller.signal)) {
        seen.push(e);
        controller.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([{ kind: 'start' }]);
    expect(stream.aborted).toBe(true);
    expect(api.requests[0].signal).toBe(controller.signal);
  });
});

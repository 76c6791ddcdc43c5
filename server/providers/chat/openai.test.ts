import { afterEach, describe, expect, it } from 'vitest';
import { UpstreamError, ValidationError } from '../../errors';
import { startFakeProvider, textReply, toolCallReply, type FakeProvider } from '../../test/fake-provider';
import { OpenAiChat, parseArguments } from './openai';
import type { ChatRequest } from './types';

let fake: FakeProvider | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const FAST = { retries: 2, baseDelayMs: 5, maxDelayMs: 10, timeoutMs: 2000 };
const request: ChatRequest = {
  messages: [
    { role: 'system', content: 'be brief' },
    { role: 'user', content: 'hi' },
    {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'c1', name: 'kb_list_tool', arguments: {} }],
    },
    { role: 'tool', toolCallId: 'c1', name: 'kb_list_tool', content: '["mindsdb.kb"]' },
  ],
  tools: [{ name: 'kb_list_tool', description: 'lists', parameters: { type: 'object', properties: {} } }],
};

describe('openai chat provider', () => {
  it('sends messages, tools and the key in the wire format, and reads tool calls back', async () => {
    fake = await startFakeProvider(() => toolCallReply('kb_query_tool', { query: 'SELECT 1' }, 'call_9'));
    const chat = new OpenAiChat({
      provider: 'openai',
      model_name: 'm1',
      api_key: 'sk-secret',
      base_url: fake.baseUrl,
    });
    const turn = await chat.complete(request);
    expect(turn).toEqual({
      content: '',
      toolCalls: [{ id: 'call_9', name: 'kb_query_tool', arguments: { query: 'SELECT 1' } }],
    });
    const [received] = fake.requests;
    expect(received.path).toBe('/v1/chat/completions');
    expect(received.headers.authorization).toBe('Bearer sk-secret');
    expect(received.body).toEqual({
      model: 'm1',
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'kb_list_tool', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: '["mindsdb.kb"]' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'kb_list_tool',
            description: 'lists',
            parameters: { type: 'object', properties: {} },
          },
        },
      ],
      tool_choice: 'auto',
    });
  });

  it('retries 429 and 5xx, then answers', async () => {
    fake = await startFakeProvider((_, i) =>
      i < 2 ? { status: i ? 503 : 429, json: { error: { message: 'busy' } } } : textReply('ok'),
    );
    const chat = new OpenAiChat({ provider: 'openai', api_key: 'k', base_url: fake.baseUrl }, { http: FAST });
    expect((await chat.complete(request)).content).toBe('ok');
    expect(fake.requests).toHaveLength(3);
  });

  it('fails with an error naming the provider and never the key', async () => {
    fake = await startFakeProvider(() => ({
      status: 401,
      json: { error: { message: 'bad key sk-secret' } },
    }));
    const chat = new OpenAiChat(
      { provider: 'openai', api_key: 'sk-secret', base_url: fake.baseUrl },
      { http: FAST },
    );
    const err = await chat.complete(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as Error).message).toMatch(
      /^openai-compatible chat at http:\/\/127\.0\.0\.1:\d+ failed: the model server answered 401 Unauthorized$/,
    );
    expect((err as Error).message).not.toContain('sk-secret');
    expect(fake.requests).toHaveLength(1);
  });

  it('stops at once when aborted', async () => {
    const controller = new AbortController();
    // The model has the request and will answer late: the user stops the run meanwhile.
    fake = await startFakeProvider(() => {
      controller.abort();
      return { ...textReply('late'), delayMs: 2000 };
    });
    const chat = new OpenAiChat({ provider: 'openai', api_key: 'k', base_url: fake.baseUrl }, { http: FAST });
    const outcome = await chat.complete(request, { signal: controller.signal }).then(
      (answer) => ({ answer }),
      (error: unknown) => ({ error }),
    );
    // Stopped: the abort ends the call with AbortError instead of waiting for the late answer, and no retry
    // asks the model again.
    expect(outcome).toEqual({ error: expect.objectContaining({ name: 'AbortError' }) });
    expect(fake.requests).toHaveLength(1);
  });

  it('needs a key for the hosted API', () => {
    expect(() => new OpenAiChat({ provider: 'openai' })).toThrow(ValidationError);
  });

  it('reads arguments that are not a JSON object', () => {
    expect(parseArguments('{"query":"x"}')).toEqual({ query: 'x' });
    expect(parseArguments('SELECT 1')).toEqual({ input: 'SELECT 1' });
    expect(parseArguments('')).toEqual({});
  });
});

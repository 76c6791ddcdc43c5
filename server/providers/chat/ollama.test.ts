import { afterEach, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../../test/fake-provider';
import { OllamaChat } from './ollama';

let fake: FakeProvider | undefined;
afterEach(async () => {
  await fake?.close();
});

describe('ollama chat provider', () => {
  it('speaks /api/chat with tools and reads object arguments', async () => {
    fake = await startFakeProvider(() => ({
      json: {
        message: {
          role: 'assistant',
          content: '',
          tool_calls: [{ function: { name: 'kb_query_tool', arguments: { query: 'SELECT 1' } } }],
        },
      },
    }));
    const chat = new OllamaChat({
      provider: 'ollama',
      model_name: 'llama3.1',
      base_url: fake.baseUrl.replace('/v1', ''),
    });
    const turn = await chat.complete({
      messages: [{ role: 'user', content: 'hi' }],
      tools: [{ name: 'kb_query_tool', description: 'd', parameters: {} }],
    });
    expect(turn.toolCalls).toEqual([
      { id: 'call_1', name: 'kb_query_tool', arguments: { query: 'SELECT 1' } },
    ]);
    expect(fake.requests[0].path).toBe('/api/chat');
    expect(fake.requests[0].body).toEqual({
      model: 'llama3.1',
      stream: false,
      messages: [{ role: 'user', content: 'hi' }],
      tools: [{ type: 'function', function: { name: 'kb_query_tool', description: 'd', parameters: {} } }],
    });
    expect(fake.requests[0].headers.authorization).toBeUndefined();
  });

  it('needs a model name', () => {
    expect(() => new OllamaChat({ provider: 'ollama' })).toThrow(/model_name/);
  });
});

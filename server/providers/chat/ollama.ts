import { UpstreamError, ValidationError } from '../../errors';
import { joinUrl, postJson } from '../http';
import type {
  CallOptions,
  ChatMessage,
  ChatProvider,
  ChatProviderOptions,
  ChatRequest,
  ChatTurn,
  ModelConfig,
} from './types';

export const OLLAMA_BASE_URL = 'http://127.0.0.1:11434';

interface OllamaResponse {
  message?: {
    content?: string;
    tool_calls?: { function?: { name?: string; arguments?: Record<string, unknown> | string } }[];
  };
}

function toOllamaMessages(messages: ChatMessage[]): unknown[] {
  return messages.map((m) => {
    if (m.role === 'tool') return { role: 'tool', content: m.content, tool_name: m.name };
    if (m.role === 'assistant' && m.toolCalls?.length) {
      return {
        role: 'assistant',
        content: m.content,
        tool_calls: m.toolCalls.map((c) => ({ function: { name: c.name, arguments: c.arguments } })),
      };
    }
    return { role: m.role, content: m.content };
  });
}

/** Ollama's native chat API (`/api/chat`) with tool calling; arguments come as objects, calls carry no ids. */
export class OllamaChat implements ChatProvider {
  readonly provider = 'ollama';
  readonly model: string;
  private readonly url: string;
  private calls = 0;

  constructor(
    config: ModelConfig,
    private readonly options: ChatProviderOptions = {},
  ) {
    if (!config.model_name) throw new ValidationError('The ollama model needs a model_name, e.g. llama3.1');
    this.model = config.model_name;
    this.url = joinUrl(config.base_url || OLLAMA_BASE_URL, 'api/chat');
  }

  async complete(request: ChatRequest, options: CallOptions = {}): Promise<ChatTurn> {
    const response = await postJson<OllamaResponse>({
      label: 'ollama chat',
      url: this.url,
      body: {
        model: this.model,
        stream: false,
        messages: toOllamaMessages(request.messages),
        ...(request.tools.length
          ? { tools: request.tools.map((t) => ({ type: 'function', function: t })) }
          : {}),
      },
      signal: options.signal,
      http: this.options.http,
    });
    const message = response.message;
    if (!message) throw new UpstreamError('ollama chat answered without a message');
    const toolCalls = (message.tool_calls ?? []).map((c) => {
      const args = c.function?.arguments;
      return {
        id: `call_${++this.calls}`,
        name: c.function?.name ?? '',
        arguments: typeof args === 'string' ? { input: args } : (args ?? {}),
      };
    });
    return { content: message.content ?? '', toolCalls };
  }
}

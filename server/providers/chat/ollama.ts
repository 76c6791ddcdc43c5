import { ValidationError } from '../../errors';
import { joinUrl } from '../http';
import { HttpChat } from './http-chat';
import type { ChatMessage, ChatProviderOptions, ChatRequest, ChatTurn, ModelConfig } from './types';

export const OLLAMA_BASE_URL = 'http://127.0.0.1:11434';

interface OllamaMessage {
  content?: string;
  tool_calls?: { function?: { name?: string; arguments?: Record<string, unknown> | string } }[];
}

interface OllamaResponse {
  message?: OllamaMessage;
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
export class OllamaChat extends HttpChat<OllamaResponse, OllamaMessage> {
  readonly provider = 'ollama';
  private calls = 0;

  constructor(config: ModelConfig, options: ChatProviderOptions = {}) {
    if (!config.model_name) throw new ValidationError('The ollama model needs a model_name, e.g. llama3.1');
    const url = joinUrl(config.base_url || OLLAMA_BASE_URL, 'api/chat');
    super(config.model_name, { url, label: 'ollama chat' }, options);
  }

  protected body(request: ChatRequest) {
    return {
      model: this.model,
      stream: false,
      messages: toOllamaMessages(request.messages),
      ...(request.tools.length
        ? { tools: request.tools.map((t) => ({ type: 'function', function: t })) }
        : {}),
    };
  }

  protected message(response: OllamaResponse) {
    return response.message;
  }

  protected turn(message: OllamaMessage): ChatTurn {
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

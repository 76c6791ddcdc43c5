import { ValidationError } from '../../errors';
import { joinUrl } from '../http';
import { HttpChat } from './http-chat';
import type { ChatMessage, ChatProviderOptions, ChatRequest, ChatTurn, ModelConfig, ToolCall } from './types';

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const OPENAI_DEFAULT_CHAT_MODEL = 'gpt-4o-mini';

interface OpenAiToolCall {
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}

interface OpenAiMessage {
  content?: string | null;
  tool_calls?: OpenAiToolCall[];
}

interface OpenAiResponse {
  choices?: { message?: OpenAiMessage }[];
}

/** Our messages in the chat-completions wire format. */
export function toOpenAiMessages(messages: ChatMessage[]): unknown[] {
  return messages.map((m) => {
    if (m.role === 'tool') return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
    if (m.role === 'assistant' && m.toolCalls?.length) {
      return {
        role: 'assistant',
        content: m.content || null,
        tool_calls: m.toolCalls.map((c) => ({
          id: c.id,
          type: 'function',
          function: { name: c.name, arguments: JSON.stringify(c.arguments) },
        })),
      };
    }
    return { role: m.role, content: m.content };
  });
}

/** Arguments arrive as JSON text; a model that writes something else gets its text as `input`. */
export function parseArguments(text: string | undefined): Record<string, unknown> {
  if (!text || !text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    return { input: value };
  } catch {
    return { input: text };
  }
}

/**
 * OpenAI chat completions with native tool calling; with `base_url`, any server that speaks the same protocol
 * (vLLM, LM Studio, llama.cpp, ...). Retries, timeouts and key-free errors come from `postJson`.
 */
export class OpenAiChat extends HttpChat<OpenAiResponse, OpenAiMessage> {
  readonly provider = 'openai';

  constructor(config: ModelConfig, options: ChatProviderOptions = {}) {
    const base = config.base_url || OPENAI_BASE_URL;
    const url = joinUrl(base, 'chat/completions');
    const label = config.base_url ? `openai-compatible chat at ${new URL(base).origin}` : 'openai chat';
    if (!config.api_key && !config.base_url) {
      throw new ValidationError('The openai model needs an api_key (or a base_url of a compatible server)');
    }
    const endpoint = { url, label, apiKey: config.api_key };
    super(config.model_name || OPENAI_DEFAULT_CHAT_MODEL, endpoint, options);
  }

  protected body(request: ChatRequest) {
    return {
      model: this.model,
      messages: toOpenAiMessages(request.messages),
      ...(request.tools.length
        ? {
            tools: request.tools.map((t) => ({
              type: 'function',
              function: { name: t.name, description: t.description, parameters: t.parameters },
            })),
            tool_choice: 'auto',
          }
        : {}),
    };
  }

  protected message(response: OpenAiResponse) {
    return response.choices?.[0]?.message;
  }

  protected turn(message: OpenAiMessage): ChatTurn {
    const toolCalls: ToolCall[] = (message.tool_calls ?? []).map((c, i) => ({
      id: c.id || `call_${i}`,
      name: c.function?.name ?? '',
      arguments: parseArguments(c.function?.arguments),
    }));
    return { content: message.content ?? '', toolCalls };
  }
}

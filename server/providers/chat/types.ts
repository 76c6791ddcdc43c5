/**
 * Chat models behind one interface. The agent runner talks to every model the same way: it sends the
 * conversation and the tools, and gets back either tool calls to run or the final answer. The built-in
 * `local` model, OpenAI (or any OpenAI-compatible server) and Ollama all implement it.
 */
import type { CallOptions, HttpSettings, ModelConfig } from '../types';

export type { CallOptions, ModelConfig };

/** A tool the model may call; `parameters` is a JSON schema of its arguments object. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ToolCall {
  /** Unique within a conversation; ties a tool result to its call. */
  id: string;
  name: string;
  /** The arguments, as the model wrote them (a JSON object). */
  arguments: Record<string, unknown>;
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string };

export interface ChatRequest {
  messages: ChatMessage[];
  tools: ToolSpec[];
}

/** One model turn: tool calls to run (and any thought the model wrote), or the answer when there are none. */
export interface ChatTurn {
  content: string;
  toolCalls: ToolCall[];
}

export interface ChatProvider {
  readonly provider: string;
  readonly model: string;
  complete(request: ChatRequest, options?: CallOptions): Promise<ChatTurn>;
}

export interface ChatProviderOptions {
  http?: Partial<HttpSettings>;
}

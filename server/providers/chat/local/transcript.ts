import type { ChatMessage, ToolCall } from '../types';
import { TOOL_INPUT_KEY } from '../tool-protocol';
import { terms } from './text';

/** A tool call of the current turn with its observation, once the runner has added it. */
export interface MadeCall {
  name: string;
  input: string;
  observation?: string;
}

/** What the local model reads from the conversation: the question, what to search for, and its own calls. */
export interface Transcript {
  question: string;
  /** The question, plus the previous one when a follow-up is too short to stand alone ("and the price?"). */
  searchText: string;
  calls: MadeCall[];
}

export const inputOf = (call: Pick<ToolCall, 'name' | 'arguments'>): string => {
  const key = TOOL_INPUT_KEY[call.name];
  const value = key ? call.arguments[key] : undefined;
  return typeof value === 'string' ? value : '';
};

export function readTranscript(messages: readonly ChatMessage[]): Transcript {
  let last = -1;
  messages.forEach((m, i) => {
    if (m.role === 'user') last = i;
  });
  const question = last === -1 ? '' : messages[last].content;
  const previous = messages
    .slice(0, Math.max(0, last))
    .filter((m) => m.role === 'user')
    .at(-1)?.content;
  const searchText = previous && terms(question).length < 3 ? `${previous} ${question}` : question;

  const calls: MadeCall[] = [];
  const byId = new Map<string, MadeCall>();
  for (const m of messages.slice(last + 1)) {
    if (m.role === 'assistant') {
      for (const c of m.toolCalls ?? []) {
        const made = { name: c.name, input: inputOf(c) };
        calls.push(made);
        byId.set(c.id, made);
      }
    } else if (m.role === 'tool') {
      const made = byId.get(m.toolCallId);
      if (made) made.observation = m.content;
    }
  }
  return { question, searchText, calls };
}

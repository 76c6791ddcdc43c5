import type { ChatMessage } from '../../providers/chat/types';
import { ValidationError } from '../../errors';

/** A message of a completion request: a question/answer pair (the seed) or a role/content item (v26). */
export type IncomingMessage =
  { question: string; answer?: string | null } | { role: string; content: string };

export interface Conversation {
  /** Earlier turns, oldest first, as user and assistant messages. */
  history: ChatMessage[];
  question: string;
}

const USER_ROLES = new Set(['user', 'human']);
const ASSISTANT_ROLES = new Set(['assistant', 'ai', 'bot', 'agent']);

/**
 * The question to ask and the history before it. The last message with a question (or the last user item) is
 * the question; every earlier pair or item is history, so a follow-up reaches the model with its context.
 */
export function readConversation(messages: readonly IncomingMessage[]): Conversation {
  const turns: ChatMessage[] = [];
  for (const m of messages) {
    if ('question' in m) {
      if (m.question.trim()) turns.push({ role: 'user', content: m.question });
      if (m.answer?.trim()) turns.push({ role: 'assistant', content: m.answer });
    } else {
      const role = m.role.toLowerCase();
      if (USER_ROLES.has(role)) turns.push({ role: 'user', content: m.content });
      else if (ASSISTANT_ROLES.has(role) && m.content.trim())
        turns.push({ role: 'assistant', content: m.content });
    }
  }
  let last = turns.length - 1;
  while (last >= 0 && turns[last].role !== 'user') last--;
  const question = last >= 0 ? turns[last].content.trim() : '';
  if (!question) throw new ValidationError('The last message has no question to ask', 'messages');
  return { history: turns.slice(0, last), question };
}

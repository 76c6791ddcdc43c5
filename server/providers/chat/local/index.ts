import type { CallOptions, ChatProvider, ChatRequest, ChatTurn } from '../types';
import { composeAnswer } from './answer';
import { planNextCalls } from './planner';
import { readTranscript } from './transcript';

export const LOCAL_CHAT_MODEL = 'extractive-v1';

/**
 * The built-in chat model: offline and deterministic. It runs the same tool loop as a real model (list the
 * knowledge bases, search them with the question, query tables for counts and lists), reading only what the
 * tools return, and then answers with the retrieved sentences that best cover the question, each cited by its
 * chunk id. It never writes a fact of its own: when nothing relevant was found, it says so.
 */
export class LocalChat implements ChatProvider {
  readonly provider = 'local';
  readonly model = LOCAL_CHAT_MODEL;
  private turn = 0;

  async complete(request: ChatRequest, options: CallOptions = {}): Promise<ChatTurn> {
    options.signal?.throwIfAborted();
    const transcript = readTranscript(request.messages);
    const available = new Set(request.tools.map((t) => t.name));
    const next = planNextCalls(transcript, available);
    if (next.length > 0) {
      const turn = ++this.turn;
      return {
        content: '',
        toolCalls: next.map((c, i) => ({ ...c, id: `local_${turn}_${i}` })),
      };
    }
    return { content: composeAnswer(transcript, available), toolCalls: [] };
  }
}

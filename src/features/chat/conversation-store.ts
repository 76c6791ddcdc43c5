import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import type { Turn } from './chat-reducer';

/** One saved conversation with one agent. */
export interface Conversation {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  turns: Turn[];
}

/** Conversations kept per agent: the oldest go first beyond this. */
export const MAX_CONVERSATIONS = 30;
const TITLE_LENGTH = 60;

interface ConversationsState {
  /** By `project/agent`, newest first. */
  byAgent: Record<string, Conversation[]>;
  /** The conversation each agent's chat shows (absent: a new one). */
  active: Record<string, string | undefined>;
  save: (agentKey: string, id: string, turns: Turn[]) => void;
  open: (agentKey: string, id: string | undefined) => void;
  rename: (agentKey: string, id: string, title: string) => void;
  remove: (agentKey: string, id: string) => void;
}

export const conversationKey = (project: string, agent: string) => `${project}/${agent}`;

let counter = 0;
export const newConversationId = () => `c${Date.now().toString(36)}${(counter++).toString(36)}`;

const titleOf = (turns: Turn[]) => {
  const first = turns[0]?.question ?? 'Conversation';
  return first.length > TITLE_LENGTH ? `${first.slice(0, TITLE_LENGTH)}…` : first;
};

/**
 * A turn saved while it streamed cannot resume after a reload: it is kept as stopped, with what had arrived.
 */
export const restoredTurns = (turns: Turn[]): Turn[] =>
  turns.map((t) => (t.status === 'streaming' ? { ...t, status: 'stopped' } : t));

/** localStorage that never throws: a full quota loses the newest save, never the page. */
const safeStorage: StateStorage = {
  getItem: (name) => localStorage.getItem(name),
  setItem: (name, value) => {
    try {
      localStorage.setItem(name, value);
    } catch {
      // quota exceeded: keep going with what is in memory
    }
  },
  removeItem: (name) => localStorage.removeItem(name),
};

/** Chat conversations, kept in this browser across reloads, per agent. */
export const useConversations = create<ConversationsState>()(
  persist(
    (set) => ({
      byAgent: {},
      active: {},
      save: (agentKey, id, turns) =>
        set((s) => {
          const list = s.byAgent[agentKey] ?? [];
          const existing = list.find((c) => c.id === id);
          const now = Date.now();
          const saved: Conversation = existing
            ? { ...existing, turns, updatedAt: now }
            : { id, title: titleOf(turns), createdAt: now, updatedAt: now, turns };
          const rest = list.filter((c) => c.id !== id);
          return {
            byAgent: { ...s.byAgent, [agentKey]: [saved, ...rest].slice(0, MAX_CONVERSATIONS) },
            active: { ...s.active, [agentKey]: id },
          };
        }),
      open: (agentKey, id) => set((s) => ({ active: { ...s.active, [agentKey]: id } })),
      rename: (agentKey, id, title) =>
        set((s) => ({
          byAgent: {
            ...s.byAgent,
            [agentKey]: (s.byAgent[agentKey] ?? []).map((c) =>
              c.id === id ? { ...c, title: title.trim() || c.title } : c,
            ),
          },
        })),
      remove: (agentKey, id) =>
        set((s) => ({
          byAgent: { ...s.byAgent, [agentKey]: (s.byAgent[agentKey] ?? []).filter((c) => c.id !== id) },
          active: s.active[agentKey] === id ? { ...s.active, [agentKey]: undefined } : s.active,
        })),
    }),
    { name: 'ks-chat-conversations', version: 1, storage: createJSONStorage(() => safeStorage) },
  ),
);

/** Drops every saved conversation (tests start from none). */
export function forgetAllConversations(): void {
  useConversations.setState({ byAgent: {}, active: {} });
  localStorage.removeItem('ks-chat-conversations');
}

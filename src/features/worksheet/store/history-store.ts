import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { newId } from './new-id';

export type HistoryOutcome = 'table' | 'ok' | 'error' | 'stopped' | 'failed';

/** A statement that was run, kept so it can be found and reopened later. */
export interface HistoryEntry {
  id: string;
  sql: string;
  project: string;
  /** The database the statement ran in (the session context sent with it). */
  db?: string;
  /** Epoch milliseconds. */
  ranAt: number;
  durationMs: number;
  outcome: HistoryOutcome;
  /** Rows returned (table) or affected (ok), when known. */
  rows?: number | null;
  /** First line of the error, for errors and failures. */
  message?: string;
}

export const HISTORY_LIMIT = 300;
/** Longer statements (pasted data, huge INSERTs) are kept truncated so localStorage stays small. */
export const HISTORY_SQL_LIMIT = 20_000;

interface HistoryState {
  entries: HistoryEntry[];
  record: (entry: Omit<HistoryEntry, 'id'>) => void;
  remove: (id: string) => void;
  clear: () => void;
}

/** Run history, newest first. Kept apart from the drafts so a keystroke does not rewrite the whole history. */
export const useHistoryStore = create<HistoryState>()(
  persist(
    (set) => ({
      entries: [],
      record: (entry) =>
        set((s) => ({
          entries: [
            { ...entry, id: newId(), sql: entry.sql.slice(0, HISTORY_SQL_LIMIT) },
            ...s.entries,
          ].slice(0, HISTORY_LIMIT),
        })),
      remove: (id) => set((s) => ({ entries: s.entries.filter((e) => e.id !== id) })),
      clear: () => set({ entries: [] }),
    }),
    {
      name: 'ks.worksheet.history',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ entries: s.entries }),
    },
  ),
);

/** Entries whose SQL contains every word of `query` (case-insensitive), in the given project or all. */
export function filterHistory(entries: HistoryEntry[], query: string, project?: string): HistoryEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter(
    (e) => (!project || e.project === project) && words.every((w) => e.sql.toLowerCase().includes(w)),
  );
}

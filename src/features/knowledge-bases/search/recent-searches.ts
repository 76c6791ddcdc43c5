import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SearchOptions } from '../../../api/knowledge-bases/search-options';

/** A search as the user ran it: enough to run it again exactly. */
export interface RecentSearch {
  query: string;
  limit: number;
  options: SearchOptions;
}

/** How many searches each KB keeps: the newest first, a repeated search moves to the top. */
export const RECENT_LIMIT = 8;

interface RecentSearchesState {
  byKb: Record<string, RecentSearch[]>;
  remember: (kbKey: string, search: RecentSearch) => void;
  forget: (kbKey: string) => void;
}

const same = (a: RecentSearch, b: RecentSearch) => JSON.stringify(a) === JSON.stringify(b);

/** The last searches of each KB, kept in this browser across reloads. */
export const useRecentSearches = create<RecentSearchesState>()(
  persist(
    (set) => ({
      byKb: {},
      remember: (kbKey, search) =>
        set((s) => ({
          byKb: {
            ...s.byKb,
            [kbKey]: [search, ...(s.byKb[kbKey] ?? []).filter((r) => !same(r, search))].slice(
              0,
              RECENT_LIMIT,
            ),
          },
        })),
      forget: (kbKey) =>
        set((s) => {
          const byKb = { ...s.byKb };
          delete byKb[kbKey];
          return { byKb };
        }),
    }),
    { name: 'ks-recent-kb-searches', version: 1, storage: createJSONStorage(() => localStorage) },
  ),
);

export const recentKey = (project: string, kb: string) => `${project}/${kb}`;

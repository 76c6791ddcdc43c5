import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * Who we are to the server: the bearer token, and whether the server just refused it. Persisted so a reload
 * keeps the user signed in. `apiBase` lets the console talk to another instance (empty = same origin).
 */
interface SessionState {
  token: string | null;
  /** Set when an authenticated request answered 401: the shell opens the re-login dialog in place. */
  needsLogin: boolean;
  apiBase: string;
  setToken: (token: string | null) => void;
  markExpired: () => void;
  setApiBase: (base: string) => void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      needsLogin: false,
      apiBase: '',
      setToken: (token) => set({ token, needsLogin: false }),
      markExpired: () => set({ needsLogin: true }),
      setApiBase: (apiBase) => set({ apiBase: apiBase.replace(/\/+$/, '') }),
    }),
    { name: 'ks.session', partialize: (s) => ({ token: s.token, apiBase: s.apiBase }) },
  ),
);

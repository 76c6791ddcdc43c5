import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * Who we are to the server. On our own server, and on a MindsDB with session login, the login sets an
 * HttpOnly cookie that the browser sends by itself and no script can read: then `token` stays null. Only when
 * the server keeps no session for us (a MindsDB with token-only login) is the bearer token held, and then in
 * memory only, never in localStorage where any injected script could read it; a reload asks for the password
 * again. `apiBase` lets the console talk to another instance (empty = same origin).
 */
interface SessionState {
  token: string | null;
  /** Set when an authenticated request answered 401: the shell opens the re-login dialog in place. */
  needsLogin: boolean;
  apiBase: string;
  setToken: (token: string | null) => void;
  /** A login succeeded (with the cookie, or with `token`): close the re-login dialog. */
  loggedIn: (token: string | null) => void;
  markExpired: () => void;
  setApiBase: (base: string) => void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      needsLogin: false,
      apiBase: '',
      setToken: (token) => set({ token }),
      loggedIn: (token) => set({ token, needsLogin: false }),
      markExpired: () => set({ needsLogin: true }),
      setApiBase: (apiBase) => set({ apiBase: apiBase.replace(/\/+$/, '') }),
    }),
    {
      name: 'ks.session',
      version: 1,
      partialize: (s) => ({ apiBase: s.apiBase }),
      // Earlier versions kept the token here: drop it, so it leaves localStorage at the next write.
      migrate: (persisted) => ({ apiBase: (persisted as { apiBase?: string } | null)?.apiBase ?? '' }),
    },
  ),
);

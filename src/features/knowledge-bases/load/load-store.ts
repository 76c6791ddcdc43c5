import { create } from 'zustand';

/**
 * A load into a KB as the user sees it. Kept outside the components so that switching tabs or pages while rows
 * are embedding does not lose track of the load (the server keeps going either way).
 */
export interface LoadJob {
  phase: 'loading' | 'done' | 'failed' | 'cancelled';
  /** Source table, e.g. `files.faq`; null for a load found running on the server when the page opened. */
  source: string | null;
  /** Rows in the source, when known before the insert starts. */
  rowsTotal: number | null;
  /** Rows loaded, from the server's answer once the insert ends. */
  rowsLoaded?: number | null;
  sql?: string;
  error?: string;
  startedAt: number;
  finishedAt?: number;
  /** The user asked the server to stop it (Cancel); its end then reads as cancelled. */
  cancelRequested?: boolean;
}

interface LoadJobsState {
  jobs: Record<string, LoadJob>;
  start: (key: string, job: Omit<LoadJob, 'startedAt'>) => void;
  update: (key: string, patch: Partial<LoadJob>) => void;
  clear: (key: string) => void;
}

export const loadKey = (project: string, kb: string) => `${project}/${kb}`;

export const useLoadJobs = create<LoadJobsState>()((set) => ({
  jobs: {},
  start: (key, job) => set((s) => ({ jobs: { ...s.jobs, [key]: { ...job, startedAt: Date.now() } } })),
  update: (key, patch) =>
    set((s) => (s.jobs[key] ? { jobs: { ...s.jobs, [key]: { ...s.jobs[key], ...patch } } } : s)),
  clear: (key) =>
    set((s) => {
      const jobs = { ...s.jobs };
      delete jobs[key];
      return { jobs };
    }),
}));

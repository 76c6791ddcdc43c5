import { create } from 'zustand';
import type { SqlResult } from '../../../../protocol/api/sql';
import type { Statement } from '../../../lib/sql/split-statements';
import { newId } from './new-id';

export type RunStatus = 'queued' | 'running' | 'done' | 'stopped' | 'failed' | 'skipped';

/** One statement of a run and what became of it. */
export interface RunItem {
  statement: Statement;
  status: RunStatus;
  /** Epoch ms when its request was sent. */
  startedAt?: number;
  durationMs?: number;
  /** The server's answer; SQL errors arrive here too, as `type: 'error'`. */
  result?: SqlResult;
  /** Why no answer came: the server was unreachable or refused the request. */
  failure?: string;
  /** The request was refused because the login had expired: the statement did not run. */
  sessionEnded?: boolean;
  /** Stopped: what the server said when it stopped the statement (absent: the console stopped waiting). */
  serverSaid?: string;
}

/** The latest run of a worksheet tab: one result tab per statement. */
export interface TabRun {
  id: string;
  items: RunItem[];
  activeIndex: number;
}

interface ResultsState {
  runs: Record<string, TabRun>;
  /** Starts a run for a worksheet tab, replacing its previous results; returns the run id. */
  start: (tabId: string, statements: Statement[]) => string;
  /** Updates one item, unless a newer run has replaced this one meanwhile. */
  patch: (tabId: string, runId: string, index: number, patch: Partial<RunItem>) => void;
  /** Marks every queued item of a run as skipped (after an error or a stop). */
  skipRest: (tabId: string, runId: string) => void;
  select: (tabId: string, index: number) => void;
  forget: (tabId: string) => void;
}

function patchRun(run: TabRun, index: number, patch: Partial<RunItem>): TabRun {
  const items = run.items.map((item, i) => (i === index ? { ...item, ...patch } : item));
  // Follow the run: the result tab of the statement that ran last is the one shown.
  const activeIndex = patch.status && patch.status !== 'skipped' ? index : run.activeIndex;
  return { ...run, items, activeIndex };
}

/**
 * Results live in memory only: a 100k-row result would not fit in localStorage, and a stale result shown
 * after a reload would mislead more than an empty grid.
 */
export const useResultsStore = create<ResultsState>()((set) => ({
  runs: {},
  start: (tabId, statements) => {
    const id = newId();
    const items: RunItem[] = statements.map((statement) => ({ statement, status: 'queued' }));
    set((s) => ({ runs: { ...s.runs, [tabId]: { id, items, activeIndex: 0 } } }));
    return id;
  },
  patch: (tabId, runId, index, patch) =>
    set((s) => {
      const run = s.runs[tabId];
      if (!run || run.id !== runId) return s;
      return { runs: { ...s.runs, [tabId]: patchRun(run, index, patch) } };
    }),
  skipRest: (tabId, runId) =>
    set((s) => {
      const run = s.runs[tabId];
      if (!run || run.id !== runId) return s;
      const items = run.items.map((item) =>
        item.status === 'queued' ? { ...item, status: 'skipped' as const } : item,
      );
      return { runs: { ...s.runs, [tabId]: { ...run, items } } };
    }),
  select: (tabId, index) =>
    set((s) => {
      const run = s.runs[tabId];
      if (!run || index < 0 || index >= run.items.length) return s;
      return { runs: { ...s.runs, [tabId]: { ...run, activeIndex: index } } };
    }),
  forget: (tabId) =>
    set((s) => {
      const { [tabId]: _gone, ...runs } = s.runs;
      return { runs };
    }),
}));

export const isRunning = (run: TabRun | undefined): boolean =>
  !!run && run.items.some((i) => i.status === 'running' || i.status === 'queued');

import { useLoadKnowledgeBase, SqlStatementError } from '../../../api/knowledge-bases/mutations';
import { useKnowledgeBaseProgress } from '../../../api/knowledge-bases/queries';
import type { ColumnFeed, TableRef } from '../../../api/knowledge-bases/sql';
import { problemMessage } from '../../../components/field-errors';
import { loadKey, useLoadJobs } from './load-store';
import { progressView } from './progress-view';
import { choiceLabel } from './table-choice';

export interface StartLoad {
  from: TableRef;
  columns: ColumnFeed[];
  rowsTotal: number | null;
}

/**
 * The request of each running load, by load key: kept outside the components (like the jobs), so that Cancel
 * works after the user left the tab and came back.
 */
const requests = new Map<string, AbortController>();

const isAbort = (err: unknown) => err instanceof Error && err.name === 'AbortError';

/**
 * Runs `INSERT INTO kb SELECT ...` and follows it: the server's progress is polled while the statement runs,
 * and the statement's answer marks the end (100 %, rows loaded) or the failure.
 */
export function useLoadRunner(project: string, kb: string) {
  const key = loadKey(project, kb);
  const job = useLoadJobs((s) => s.jobs[key]);
  const load = useLoadKnowledgeBase(project, kb);
  const running = job?.phase === 'loading';
  const progress = useKnowledgeBaseProgress(project, kb, running);

  const start = async ({ from, columns, rowsTotal }: StartLoad) => {
    const { start: begin, update } = useLoadJobs.getState();
    begin(key, { phase: 'loading', source: choiceLabel(from), rowsTotal });
    const controller = new AbortController();
    requests.set(key, controller);
    try {
      const result = await load.mutateAsync({ from, columns, signal: controller.signal });
      update(key, {
        phase: 'done',
        rowsLoaded: result.affectedRows,
        sql: result.sql,
        finishedAt: Date.now(),
      });
    } catch (err) {
      if (isAbort(err)) {
        update(key, { phase: 'cancelled', finishedAt: Date.now() });
        return;
      }
      update(key, {
        phase: 'failed',
        error: problemMessage(err),
        sql: err instanceof SqlStatementError ? err.sql : undefined,
        finishedAt: Date.now(),
      });
    } finally {
      if (requests.get(key) === controller) requests.delete(key);
    }
  };

  /** Closes the INSERT's request: the server stops it between batches (see the insert's progress). */
  const cancel = () => requests.get(key)?.abort();

  return {
    job,
    running,
    view: job ? progressView(job, progress.data) : null,
    /** The server has no progress route (e.g. another implementation): the bar shows activity only. */
    progressUnavailable: progress.isError,
    start,
    cancel,
    dismiss: () => useLoadJobs.getState().clear(key),
  };
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { InsertProgress } from '../../../../protocol/api/knowledge-bases';
import {
  cancelKnowledgeBaseInsert,
  SqlStatementError,
  useLoadKnowledgeBase,
} from '../../../api/knowledge-bases/mutations';
import { useKnowledgeBaseProgress } from '../../../api/knowledge-bases/queries';
import { knowledgeBaseKeys } from '../../../api/knowledge-bases/keys';
import { refreshKnowledgeBase } from '../../../api/knowledge-bases/refresh';
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

/** How the server words an insert stopped by its cancel route (or by an older console closing the request). */
const CANCELLED = /was cancelled/;

/**
 * Stops the KB's running load. Our server stops it on its cancel route (the load's request does not stop it:
 * it outlives a page reload); a server without that route (MindsDB) gets the request closed, as before.
 */
export async function cancelLoad(project: string, kb: string): Promise<void> {
  const key = loadKey(project, kb);
  useLoadJobs.getState().update(key, { cancelRequested: true });
  const stopped = await cancelKnowledgeBaseInsert(project, kb).catch(() => null);
  if (stopped === null) requests.get(key)?.abort();
}

/**
 * Runs `INSERT INTO kb SELECT ...` and follows it: the server's progress is polled while the statement runs,
 * and the statement's answer marks the end (100 %, rows loaded) or the failure. A load found running when the
 * page opens (started before a reload, or in another tab) is followed through its progress alone.
 */
export function useLoadRunner(project: string, kb: string) {
  const key = loadKey(project, kb);
  const client = useQueryClient();
  const job = useLoadJobs((s) => s.jobs[key]);
  const load = useLoadKnowledgeBase(project, kb);
  const running = job?.phase === 'loading';
  const progress = useKnowledgeBaseProgress(project, kb, running);
  const reported = progress.data;

  useEffect(() => {
    const { start: begin, update } = useLoadJobs.getState();
    if (!job && reported?.state === 'running')
      begin(key, { phase: 'loading', source: null, rowsTotal: reported.rows_total || null });
    // A load followed through its progress only (its request belongs to an earlier page) ends when it says so.
    else if (running && !requests.has(key) && reported && reported.state !== 'running') {
      update(key, endOf(reported, job.cancelRequested === true));
      void refreshKnowledgeBase(client, project, kb, [knowledgeBaseKeys.progress(project, kb)]);
    }
  }, [job, key, reported, running, client, project, kb]);

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
      const asked = useLoadJobs.getState().jobs[key]?.cancelRequested === true;
      if (isAbort(err) || (asked && err instanceof SqlStatementError && CANCELLED.test(err.message))) {
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
      // Where the load stopped (the rows kept after a cancel) is read again with the rest (see the mutation).
      if (requests.get(key) === controller) requests.delete(key);
    }
  };

  return {
    job,
    running,
    view: job ? progressView(job, reported) : null,
    /** The rows the server stored before the load stopped, when it says. */
    rowsKept:
      job?.phase === 'cancelled' && reported?.state !== 'running' ? (reported?.rows_done ?? null) : null,
    /** The server has no progress route (e.g. another implementation): the bar shows activity only. */
    progressUnavailable: progress.isError,
    start,
    cancel: () => void cancelLoad(project, kb),
    dismiss: () => useLoadJobs.getState().clear(key),
  };
}

/** The end of a load seen only through the server's progress. */
function endOf(progress: InsertProgress, cancelRequested: boolean) {
  const finishedAt = Date.now();
  if (progress.state === 'done')
    return { phase: 'done' as const, rowsLoaded: progress.rows_done, finishedAt };
  if (cancelRequested || CANCELLED.test(progress.error ?? ''))
    return { phase: 'cancelled' as const, finishedAt };
  return { phase: 'failed' as const, error: progress.error ?? 'The load stopped.', finishedAt };
}

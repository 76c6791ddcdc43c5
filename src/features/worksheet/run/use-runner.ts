import { useQueryClient } from '@tanstack/react-query';
import type { EditorView } from '@uiw/react-codemirror';
import { useCallback } from 'react';
import type { SqlContext } from '../../../../protocol/api/sql';
import { cancelStatement } from '../../../api/sql/cancel-statement';
import { runSql } from '../../../api/sql/run-sql';
import { setErrorMark, setRunning } from '../../../components/sql-editor/marks';
import { destructiveAction, type DestructiveAction } from '../sql/destructive';
import { errorRange, offsetOfPosition } from '../sql/error-position';
import { planRun, type RunMode } from '../../../lib/sql/run-plan';
import { splitStatements, type Statement } from '../../../lib/sql/split-statements';
import { useHistoryStore, type HistoryOutcome } from '../store/history-store';
import { useResultsStore } from '../store/results-store';
import { newId } from '../store/new-id';
import { useWorksheetStore } from '../store/worksheet-store';
import { changesSchema, executeStatements, outcomePatch, type StatementOutcome } from './execute';
import { refreshSchema } from './refresh-schema';

export interface DestructiveStatement {
  statement: Statement;
  action: DestructiveAction;
}

export interface RunnerOptions {
  project: string;
  /** The editor view showing `tabId`, or null when that worksheet is not on screen. */
  viewFor: (tabId: string) => EditorView | null;
  /** Asks the user to confirm statements that destroy data; resolves true to go ahead. */
  confirmDestructive: (statements: DestructiveStatement[]) => Promise<boolean>;
  /** Says why nothing ran (an empty worksheet, a run already going). */
  notify: (message: string) => void;
}

/** One request in flight per worksheet tab; kept outside React so a run survives switching tabs. */
const controllers = new Map<string, AbortController>();
/** The end of each tab's run in flight (its results and history written), for a run that replaces it. */
const runEnds = new Map<string, Promise<void>>();
/** The name of each tab's statement in flight, by which the server can be asked to stop it. */
const statementIds = new Map<string, string>();
/** Tabs whose user pressed Stop during the run in flight. */
const stopsAsked = new Set<string>();

function historyOutcome(o: StatementOutcome): {
  outcome: HistoryOutcome;
  rows?: number | null;
  message?: string;
} {
  if (o.status === 'stopped') return { outcome: 'stopped' };
  if (o.status === 'failed') return { outcome: 'failed', message: o.failure.split('\n')[0] };
  const r = o.result;
  if (r.type === 'table') return { outcome: 'table', rows: r.data.length };
  if (r.type === 'ok') return { outcome: 'ok', rows: r.affected_rows ?? null };
  return { outcome: 'error', message: r.error_message.split('\n')[0] };
}

/** Marks where a statement failed, if the editor still shows that statement where it was. */
function markError(view: EditorView | null, statement: Statement, outcome: StatementOutcome): void {
  if (!view || outcome.status !== 'done' || outcome.result.type !== 'error') return;
  if (view.state.doc.sliceString(statement.from, statement.to) !== statement.text) return;
  const { error_position: position, error_message: message } = outcome.result;
  const range = position
    ? errorRange(statement.text, offsetOfPosition(statement.text, position))
    : { from: 0, to: statement.text.length };
  const mark = {
    from: statement.from + range.from,
    to: statement.from + range.to,
    precise: !!position,
    message,
  };
  view.dispatch({ effects: [setErrorMark.of(mark), setRunning.of(null)] });
}

/** Runs statements of a worksheet tab: planning, confirmation, the requests, results, history, marks. */
export function useRunner({ project, viewFor, confirmDestructive, notify }: RunnerOptions) {
  const queryClient = useQueryClient();

  const runStatements = useCallback(
    async (tabId: string, statements: Statement[]) => {
      if (controllers.has(tabId)) return notify('A statement is still running. Stop it first.');
      if (statements.length === 0) return notify('Nothing to run: write a statement first.');
      const destructive = statements.flatMap((statement) => {
        const action = destructiveAction(statement.text);
        return action ? [{ statement, action }] : [];
      });
      if (destructive.length > 0 && !(await confirmDestructive(destructive))) return;

      const controller = new AbortController();
      controllers.set(tabId, controller);
      let ended = () => {};
      runEnds.set(tabId, new Promise<void>((resolve) => (ended = resolve)));
      const results = useResultsStore.getState();
      const runId = results.start(tabId, statements);
      const tab = useWorksheetStore.getState().sheets[project]?.tabs.find((t) => t.id === tabId);
      const context: SqlContext = tab?.context ?? { db: project };
      viewFor(tabId)?.dispatch({ effects: setErrorMark.of(null) });
      let schemaChanged = false;
      try {
        const last = await executeStatements(statements, {
          // The worksheet shows the first rows of a very large result, and says so (see TruncatedNotice).
          runSql: (input) => runSql({ ...input, partialResults: true }),
          signal: controller.signal,
          stopRequested: () => stopsAsked.has(tabId),
          newStatementId: newId,
          context,
          now: () => performance.now(),
          onStart: (index, statement, statementId) => {
            if (statementId) statementIds.set(tabId, statementId);
            useResultsStore
              .getState()
              .patch(tabId, runId, index, { status: 'running', startedAt: Date.now() });
            viewFor(tabId)?.dispatch({ effects: setRunning.of({ from: statement.from, to: statement.to }) });
          },
          onOutcome: (index, statement, outcome, sent) => {
            useResultsStore.getState().patch(tabId, runId, index, outcomePatch(outcome));
            useHistoryStore.getState().record({
              sql: statement.text,
              project,
              db: sent.db,
              ranAt: Date.now(),
              durationMs: Math.round(outcome.durationMs),
              ...historyOutcome(outcome),
            });
            if (outcome.status === 'done' && changesSchema(statement.text)) schemaChanged = true;
            markError(viewFor(tabId), statement, outcome);
          },
        });
        useWorksheetStore.getState().setContext(project, tabId, last);
      } finally {
        controllers.delete(tabId);
        statementIds.delete(tabId);
        stopsAsked.delete(tabId);
        runEnds.delete(tabId);
        ended();
        useResultsStore.getState().skipRest(tabId, runId);
        viewFor(tabId)?.dispatch({ effects: setRunning.of(null) });
        if (schemaChanged) void refreshSchema(queryClient);
      }
    },
    [project, viewFor, confirmDestructive, notify, queryClient],
  );

  /** Runs what `mode` picks in the tab's editor: the statement at the cursor, the selection, or all. */
  const run = useCallback(
    async (tabId: string, mode: RunMode) => {
      const view = viewFor(tabId);
      if (!view) return;
      const { from, to } = view.state.selection.main;
      await runStatements(tabId, planRun(view.state.doc.toString(), { from, to }, mode));
    },
    [viewFor, runStatements],
  );

  /**
   * Runs statements of an earlier run again (those the expired session refused), found where they now are
   * in the editor so the marks land on them; one edited meanwhile still runs as it was written then.
   */
  const rerun = useCallback(
    (tabId: string, statements: Statement[]) => {
      const doc = viewFor(tabId)?.state.doc.toString() ?? '';
      const located = statements.map((s) => {
        if (doc.slice(s.from, s.to) === s.text) return s;
        const at = doc.indexOf(s.text);
        return at < 0
          ? { ...s, from: 0, to: 0, end: 0 }
          : { ...s, from: at, to: at + s.text.length, end: at + s.text.length };
      });
      return runStatements(tabId, located);
    },
    [viewFor, runStatements],
  );

  /**
   * Stops the tab's run. The server is asked to stop its statement, and the request stays open to bring back
   * what happened; a server that cannot be asked (MindsDB) is no longer waited for, and may still finish it.
   */
  const stop = useCallback(async (tabId: string) => {
    const controller = controllers.get(tabId);
    if (!controller) return;
    stopsAsked.add(tabId);
    const id = statementIds.get(tabId);
    const stopping = id ? await cancelStatement(id).catch(() => null) : null;
    if (!stopping) controller.abort();
  }, []);

  /**
   * Runs every statement of `sql` in the tab, stopping its run in flight first (a table preview replaces the
   * previous one, whose SELECT may still be reading).
   */
  const runReplacing = useCallback(
    async (tabId: string, sql: string) => {
      controllers.get(tabId)?.abort();
      await runEnds.get(tabId);
      await runStatements(tabId, splitStatements(sql));
    },
    [runStatements],
  );

  return { run, rerun, stop, runReplacing };
}

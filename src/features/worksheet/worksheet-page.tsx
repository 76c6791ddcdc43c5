import type { EditorView } from '@uiw/react-codemirror';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SplitPane } from '../../components/split-pane';
import { SqlEditor } from '../../components/sql-editor/sql-editor';
import { useSqlLanguage } from '../../components/sql-editor/use-sql-language';
import { HistoryPanel } from './history/history-panel';
import { WorksheetTabs } from './tabs/worksheet-tabs';
import { GridWarmUp, prefetchGrid } from './results/grid-loader';
import { ResultPanel } from './results/result-panel';
import { DestructiveConfirm } from './run/destructive-confirm';
import { useRunner, type DestructiveStatement } from './run/use-runner';
import type { RunMode } from '../../lib/sql/run-plan';
import { isRunning, useResultsStore } from './store/results-store';
import { useWorksheetStore, type ProjectSheets } from './store/worksheet-store';
import { EditorKeys, MOD, WorksheetToolbar } from './worksheet-toolbar';
import { qualifiedName } from '../../lib/sql-text';
import './worksheet-page.css';

/**
 * The SQL worksheet of a project: tabs of drafts (saved on every keystroke), the editor, and the results of
 * the last run of the tab on screen. Rendered by the shell at /projects/:project/worksheet.
 */
export function WorksheetPage({
  project,
  previewTable,
  onPreviewOpened,
}: {
  project: string;
  /** A table to preview (its name, part by part), asked for by a link; `onPreviewOpened` once it is shown. */
  previewTable?: readonly string[];
  onPreviewOpened?: () => void;
}) {
  const sheets = useWorksheetStore((s) => s.sheets[project]);
  const ensureProject = useWorksheetStore((s) => s.ensureProject);
  const openPreview = useWorksheetStore((s) => s.openPreview);
  const [preview, setPreview] = useState<PreviewRun | null>(null);
  const previewStarted = useCallback(() => setPreview(null), []);
  useEffect(() => ensureProject(project), [ensureProject, project]);
  // Remembered so that a second run of the effect (or a re-render before the link is cleared) runs it once.
  const opened = useRef<string | null>(null);
  const asked = previewTable && previewTable.length <= 3 ? previewTable.join('\u0000') : null;
  useEffect(() => {
    if (!asked) {
      opened.current = null;
      return;
    }
    if (opened.current === asked) return;
    opened.current = asked;
    const parts = asked.split('\u0000');
    const sql = `SELECT * FROM ${qualifiedName(...parts)} LIMIT ${PREVIEW_ROWS};`;
    ensureProject(project);
    setPreview({ tabId: openPreview(project, parts.join('.'), sql), sql });
    onPreviewOpened?.();
  }, [asked, project, ensureProject, openPreview, onPreviewOpened]);
  useEffect(prefetchGrid, []);
  if (!sheets) return null;
  return (
    <>
      <Worksheet
        key={project}
        project={project}
        sheets={sheets}
        preview={preview}
        onPreviewStarted={previewStarted}
      />
      <GridWarmUp />
    </>
  );
}

/** Rows a table preview shows. */
const PREVIEW_ROWS = 100;

/** A table preview to run in its tab once the worksheet shows it. */
interface PreviewRun {
  tabId: string;
  sql: string;
}

/** A question waiting for the user, and how to deliver the answer. */
interface Pending<T> {
  subject: T;
  resolve: (yes: boolean) => void;
}

function Worksheet({
  project,
  sheets,
  preview,
  onPreviewStarted,
}: {
  project: string;
  sheets: ProjectSheets;
  preview: PreviewRun | null;
  onPreviewStarted: () => void;
}) {
  const store = useWorksheetStore.getState();
  const editorShare = useWorksheetStore((s) => s.editorShare);
  const historyOpen = useWorksheetStore((s) => s.historyOpen);
  const runs = useResultsStore((s) => s.runs);
  const tab = sheets.tabs.find((t) => t.id === sheets.activeId) ?? sheets.tabs[0];
  const run = runs[tab.id];
  const running = isRunning(run);
  const runningIds = useMemo(
    () => new Set(sheets.tabs.filter((t) => isRunning(runs[t.id])).map((t) => t.id)),
    [sheets.tabs, runs],
  );
  const db = tab.context?.db ?? project;
  const hintId = useId();

  const viewRef = useRef<EditorView | null>(null);
  const activeIdRef = useRef(tab.id);
  useEffect(() => {
    activeIdRef.current = tab.id;
  }, [tab.id]);
  const viewFor = useCallback((id: string) => (activeIdRef.current === id ? viewRef.current : null), []);
  const onView = useCallback((view: EditorView, present: boolean) => {
    if (present) viewRef.current = view;
    else if (viewRef.current === view) viewRef.current = null;
  }, []);

  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 4000);
    return () => clearTimeout(timer);
  }, [notice]);

  const [destructive, setDestructive] = useState<Pending<DestructiveStatement[]> | null>(null);
  const confirmDestructive = useCallback(
    (subject: DestructiveStatement[]) =>
      new Promise<boolean>((resolve) => setDestructive({ subject, resolve })),
    [],
  );
  const answerDestructive = (yes: boolean) => {
    destructive?.resolve(yes);
    setDestructive(null);
    viewRef.current?.focus();
  };

  const runner = useRunner({ project, viewFor, confirmDestructive, notify: setNotice });
  const language = useSqlLanguage(db);

  const onRun = useCallback((mode: RunMode) => void runner.run(activeIdRef.current, mode), [runner]);
  const { runReplacing } = runner;
  useEffect(() => {
    if (!preview) return;
    onPreviewStarted();
    void runReplacing(preview.tabId, preview.sql);
  }, [preview, runReplacing, onPreviewStarted]);
  const onChange = useCallback(
    (sql: string) => store.setSql(project, activeIdRef.current, sql),
    [store, project],
  );
  const reveal = useCallback((offset: number) => {
    const view = viewRef.current;
    if (!view) return;
    view.dispatch({ selection: { anchor: Math.min(offset, view.state.doc.length) }, scrollIntoView: true });
    view.focus();
  }, []);

  const [closing, setClosing] = useState<string | null>(null);
  const closeTab = (id: string) => {
    void runner.stop(id);
    useResultsStore.getState().forget(id);
    store.closeTab(project, id);
    setClosing(null);
  };
  const requestClose = (id: string) => {
    const target = sheets.tabs.find((t) => t.id === id);
    if (target && target.sql.trim()) setClosing(id);
    else closeTab(id);
  };
  const closingTab = sheets.tabs.find((t) => t.id === closing);

  const editor = (
    <div className="worksheet-editor">
      <SqlEditor
        key={tab.id}
        tabId={tab.id}
        value={tab.sql}
        language={language}
        onChange={onChange}
        onRun={onRun}
        onView={onView}
        describedBy={hintId}
      />
      <EditorKeys id={hintId} />
    </div>
  );
  const results = (
    <ResultPanel
      run={run}
      doc={tab.sql}
      onSelect={(i) => useResultsStore.getState().select(tab.id, i)}
      onStop={() => void runner.stop(tab.id)}
      onReveal={reveal}
      onRerun={(index) =>
        run &&
        void runner.rerun(
          tab.id,
          run.items.slice(index).map((item) => item.statement),
        )
      }
      emptyHint={`Run a statement to see its result here: ${MOD}+Enter runs the one at the cursor, Shift+${MOD}+Enter runs them all.`}
    />
  );

  return (
    <div className="worksheet">
      {/* The tabs and the editor say where the user is; the heading is for those who navigate by headings. */}
      <h1 className="ks-visually-hidden">Worksheet</h1>
      <WorksheetTabs
        tabs={sheets.tabs}
        activeId={tab.id}
        runningIds={runningIds}
        onSelect={(id) => store.selectTab(project, id)}
        onAdd={() => store.addTab(project)}
        onClose={requestClose}
        onRename={(id, title) => store.renameTab(project, id, title)}
      />
      <div className="worksheet-main">
        <div className="worksheet-work">
          <WorksheetToolbar
            running={running}
            db={db}
            notice={notice}
            historyOpen={historyOpen}
            onRun={onRun}
            onStop={() => void runner.stop(tab.id)}
            onToggleHistory={() => store.setHistoryOpen(!historyOpen)}
          />
          <SplitPane
            share={editorShare}
            onShareChange={store.setEditorShare}
            label="Resize editor and results"
            top={editor}
            bottom={results}
          />
        </div>
        {historyOpen && (
          <HistoryPanel
            project={project}
            onOpen={(sql) => store.addTab(project, sql)}
            onClose={() => store.setHistoryOpen(false)}
          />
        )}
      </div>
      <DestructiveConfirm pending={destructive?.subject ?? null} onAnswer={answerDestructive} />
      <ConfirmDialog
        open={!!closingTab}
        title={`Close ${closingTab?.title ?? 'worksheet'}?`}
        confirmLabel="Close it"
        danger
        onConfirm={() => closing && closeTab(closing)}
        onCancel={() => setClosing(null)}
      >
        <p>Its SQL will be gone. Statements you ran stay in the history.</p>
      </ConfirmDialog>
    </div>
  );
}

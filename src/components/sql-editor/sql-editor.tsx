/*
 * The SQL editor is CodeMirror 6 rather than Monaco: with SQL support it weighs about 144 KB gzipped against
 * about 700 KB (plus a web worker) for the smallest Monaco build, it works in plain DOM (selectable,
 * screen-reader friendly), and its completion and decorations are small composable extensions.
 */
import { historyField } from '@codemirror/commands';
import CodeMirror, { EditorView, keymap, Prec, type Extension } from '@uiw/react-codemirror';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { RunMode } from '../../lib/sql/run-plan';
import { editorTheme } from './editor-theme';
import { runMarks } from './marks';
import './sql-editor.css';

export interface SqlEditorProps {
  /** Which worksheet this is: each keeps its own undo history and cursor while the page lives. */
  tabId: string;
  value: string;
  language: Extension;
  onChange: (sql: string) => void;
  onRun: (mode: RunMode) => void;
  /** Receives the editor view when it is created and when it goes away (`present` false). */
  onView: (view: EditorView, present: boolean) => void;
  /** Id of the element that explains the keyboard shortcuts. */
  describedBy?: string;
  /** The editor's accessible name, where a page has more than one or names what it edits. */
  label?: string;
}

/** Editor states of worksheets not on screen, so switching tabs keeps undo history and selection. */
const parkedStates = new Map<string, { json: unknown }>();

const SETUP = { highlightActiveLine: true, foldGutter: true, autocompletion: true, tabSize: 2 } as const;

/*
 * The editor never takes focus by itself: the worksheet is the page a visit lands on, and a keyboard user's
 * first Tab must reach the skip link, not indent their SQL. Inside the editor Tab indents (as in every SQL
 * editor); Escape then Tab leaves it. The worksheet shows both beside the editor (`describedBy`).
 */

export function SqlEditor({
  tabId,
  value,
  language,
  onChange,
  onRun,
  onView,
  describedBy,
  label = 'SQL editor',
}: SqlEditorProps) {
  const viewRef = useRef<EditorView | null>(null);
  const onRunRef = useRef(onRun);
  useEffect(() => {
    onRunRef.current = onRun;
  }, [onRun]);

  // Built once: the keymap reads the latest handler through a ref, so the editor is never reconfigured for it.
  const staticExtensions = useMemo(
    () => [
      Prec.highest(
        keymap.of([
          { key: 'Mod-Enter', run: () => (onRunRef.current('current'), true) },
          { key: 'Shift-Mod-Enter', run: () => (onRunRef.current('all'), true) },
        ]),
      ),
      runMarks,
      editorTheme,
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      }),
    ],
    [describedBy, label],
  );
  const extensions = useMemo(() => [...staticExtensions, language], [staticExtensions, language]);

  // Restore this tab's parked state only if it still holds the saved draft (it may have changed elsewhere).
  // Read once: the editor takes `initialState` only when it is created.
  const [initialState] = useState(() => {
    const parked = parkedStates.get(tabId);
    const doc = (parked?.json as { doc?: string } | undefined)?.doc;
    return parked && doc === value ? { json: parked.json, fields: { history: historyField } } : undefined;
  });

  // A layout effect, so that when tabs switch the old editor is parked and let go before the new one is
  // announced (passive cleanups would run after the new editor's creation and clear it).
  useLayoutEffect(
    () => () => {
      const view = viewRef.current;
      if (!view) return;
      parkedStates.set(tabId, { json: view.state.toJSON({ history: historyField }) });
      viewRef.current = null;
      onView(view, false);
    },
    [tabId, onView],
  );

  const handleCreate = useCallback(
    (view: EditorView) => {
      viewRef.current = view;
      onView(view, true);
    },
    [onView],
  );

  return (
    <CodeMirror
      className="sql-editor"
      value={value}
      initialState={initialState}
      height="100%"
      theme="none"
      basicSetup={SETUP}
      extensions={extensions}
      onChange={onChange}
      onCreateEditor={handleCreate}
    />
  );
}

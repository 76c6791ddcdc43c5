import { useCallback, useId } from 'react';
import { FieldError } from '../field';
import { SqlEditor } from './sql-editor';
import { useSqlLanguage } from './use-sql-language';
import './sql-field.css';

export interface SqlFieldProps {
  /** Names the editor for a screen reader and heads it on screen: "Query", "Statements". */
  label: string;
  /** Keeps the editor's undo history while the page lives (as a worksheet tab does). */
  editorId: string;
  value: string;
  onChange: (sql: string) => void;
  /** The project whose tables and objects completion offers first. */
  project: string;
  hint?: string;
  error?: string;
  /** Ctrl/Cmd+Enter in the editor (a preview, a save); nothing when not given. */
  onRun?: () => void;
  /** The label is for screen readers only, where a heading right above already says it. */
  labelHidden?: boolean;
}

/**
 * The worksheet's SQL editor (highlighting, MindsDB's statements, completion of the server's objects) as a
 * form field: a label, the editor, a hint, and the problem found in what it holds right under it.
 */
export function SqlField(props: SqlFieldProps) {
  const { label, editorId, value, onChange, project, hint, error, onRun, labelHidden } = props;
  const id = useId();
  const language = useSqlLanguage(project);
  const run = useCallback(() => onRun?.(), [onRun]);
  const onView = useCallback(() => {}, []);
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field sql-field" data-invalid={error ? 'true' : undefined}>
      <span className={labelHidden ? 'sr-only' : 'sql-field-label'} id={`${id}-label`}>
        {label}
      </span>
      <div className="sql-field-box">
        <SqlEditor
          tabId={editorId}
          value={value}
          language={language}
          onChange={onChange}
          onRun={run}
          onView={onView}
          label={label}
          describedBy={described || undefined}
        />
      </div>
      {hint && (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

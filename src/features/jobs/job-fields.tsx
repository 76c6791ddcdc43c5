import { TextField } from '../../components/field';
import { fieldError } from '../../components/field-errors';
import { SqlField } from '../../components/sql-editor/sql-field';
import { JOB_FIELD, type JobDraft } from './job-draft';

const SCHEDULES = [
  'every 1 minute',
  'every 30 minutes',
  'every 1 hour',
  'every 6 hours',
  'every 1 day',
  'every 1 week',
];

/**
 * The fields of a job: name, statements, schedule in MindsDB's words, start and end, and the condition. A
 * problem found in the draft, or the server's refusal naming a field, is shown under that field.
 */
export function JobFields(props: {
  project: string;
  /** Where the editors keep their undo history: the form and its job. */
  editorKey: string;
  draft: JobDraft;
  onChange: (next: JobDraft) => void;
  errors: Record<string, string>;
  serverError: unknown;
  /** An edit keeps the job's name. */
  nameFixed?: boolean;
}) {
  const { project, editorKey, draft, onChange, errors, serverError, nameFixed } = props;
  const set = <K extends keyof JobDraft>(key: K, value: JobDraft[K]) => onChange({ ...draft, [key]: value });
  const problem = (field: string) => errors[field] ?? fieldError(serverError, field);
  return (
    <div className="job-fields">
      <TextField
        label="Name"
        value={draft.name}
        disabled={nameFixed}
        autoComplete="off"
        spellCheck={false}
        hint={nameFixed ? 'A job keeps its name.' : undefined}
        error={problem(JOB_FIELD.name)}
        onChange={(e) => set('name', e.target.value)}
      />
      <SqlField
        label="Statements"
        editorId={`${editorKey}.query`}
        project={project}
        value={draft.query}
        onChange={(v) => set('query', v)}
        hint="Run in this project, one after another; separate them with ;"
        error={problem(JOB_FIELD.query)}
      />
      <TextField
        label="Schedule"
        value={draft.schedule}
        autoComplete="off"
        spellCheck={false}
        placeholder="every 1 hour"
        suggestions={SCHEDULES}
        hint="MindsDB's words: every 1 hour, every 2 days, every 30 minutes. Empty: the job runs once."
        error={problem(JOB_FIELD.schedule)}
        onChange={(e) => set('schedule', e.target.value)}
      />
      <div className="job-times">
        <TextField
          label="Start"
          type="datetime-local"
          value={draft.start}
          hint="Your time. Empty, or a moment past: now."
          error={problem(JOB_FIELD.start)}
          onChange={(e) => set('start', e.target.value)}
        />
        <TextField
          label="End"
          type="datetime-local"
          value={draft.end}
          hint="Your time. Empty: never. A job that runs once ignores it."
          error={problem(JOB_FIELD.end)}
          onChange={(e) => set('end', e.target.value)}
        />
      </div>
      <SqlField
        label="Only when (optional)"
        editorId={`${editorKey}.if`}
        project={project}
        value={draft.if_query}
        onChange={(v) => set('if_query', v)}
        hint="A SELECT: the statements run only when it returns rows."
        error={problem(JOB_FIELD.if_query)}
      />
    </div>
  );
}

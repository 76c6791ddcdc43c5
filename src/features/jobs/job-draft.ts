import type { Job } from '../../../protocol/api/jobs';
import { objectNamePattern } from '../../../protocol/api/files';
import type { JobInput } from '../../api/jobs/mutations';
import type { Change } from '../../components/model-fields/model-draft';

/** The job form's state. Times are as a `datetime-local` input holds them: this browser's time, to the minute. */
export interface JobDraft {
  name: string;
  query: string;
  if_query: string;
  start: string;
  end: string;
  /** MindsDB's words after EVERY, with it: `every hour`, `every 2 days`. Empty: the job runs once. */
  schedule: string;
}

/** The request fields the form's fields edit, as the servers name them in their problems. */
export const JOB_FIELD = {
  name: 'name',
  query: 'query',
  if_query: 'if_query',
  start: 'start_at',
  end: 'end_at',
  schedule: 'schedule_str',
} as const;

export const emptyJobDraft = (): JobDraft => ({
  name: '',
  query: '',
  if_query: '',
  start: '',
  end: '',
  schedule: 'every 1 hour',
});

const SERVER_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;
const pad = (n: number) => String(n).padStart(2, '0');

/** A server time (UTC, no zone) as a `datetime-local` value in this browser's time zone; '' when none. */
export function localInputOf(serverTime: string | null | undefined): string {
  const m = serverTime ? SERVER_TIME.exec(serverTime) : null;
  if (!m) return '';
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number);
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}T${pad(t.getHours())}:${pad(t.getMinutes())}`;
}

/** A `datetime-local` value (this browser's time) as both servers take a job's date: UTC, `YYYY-MM-DD HH:MM:SS`. */
export function serverTimeOf(localInput: string): string | null {
  if (!localInput) return null;
  const t = new Date(localInput);
  if (Number.isNaN(t.getTime())) return null;
  return t.toISOString().slice(0, 19).replace('T', ' ');
}

/** The units MindsDB's scheduler reads after `every [n]` (jobs_controller's calc_next_date). */
const SCHEDULE = /^every\s+(?:(\d+)\s+)?(min|minutes?|hours?|days?|weeks?|months?)$/i;

/** What is wrong with a schedule in MindsDB's words, or undefined when both servers read it. */
export function scheduleProblem(schedule: string): string | undefined {
  const text = schedule.trim();
  if (!text) return undefined;
  const m = SCHEDULE.exec(text);
  if (!m)
    return 'Write it as MindsDB does: every hour, every 2 days, every 30 minutes (or leave it empty to run once).';
  if (m[1] !== undefined && Number(m[1]) === 0) return 'Every 0 would never move on: use 1 or more.';
  return undefined;
}

export function draftFromJob(job: Job): JobDraft {
  return {
    name: job.name,
    query: job.query,
    if_query: job.if_query ?? '',
    start: localInputOf(job.start_at),
    end: localInputOf(job.end_at),
    schedule: job.schedule_str ?? '',
  };
}

/** The problems found in a draft, each under the request field its form field edits. */
export function validateJobDraft(draft: JobDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.name) errors[JOB_FIELD.name] = 'Give the job a name.';
  else if (!objectNamePattern.test(draft.name))
    errors[JOB_FIELD.name] = 'Use letters, digits and _, starting with a letter or _.';
  if (!draft.query.trim()) errors[JOB_FIELD.query] = 'A job needs at least one statement to run.';
  const schedule = scheduleProblem(draft.schedule);
  if (schedule) errors[JOB_FIELD.schedule] = schedule;
  if (draft.start && draft.end && draft.end < draft.start)
    errors[JOB_FIELD.end] = 'The end comes before the start.';
  return errors;
}

export function jobInputOf(draft: JobDraft): JobInput {
  return {
    name: draft.name,
    query: draft.query.trim(),
    if_query: draft.if_query.trim() || null,
    start_at: serverTimeOf(draft.start),
    end_at: serverTimeOf(draft.end),
    schedule_str: draft.schedule.trim() || null,
  };
}

/**
 * What re-creating an edited job sends. A start left as it was would be a moment past, which both servers
 * read as "now": the job would run at once. Its next run is sent as the start instead, so it keeps its place.
 */
export function replacementInput(job: Job, draft: JobDraft): JobInput {
  const input = jobInputOf(draft);
  if (draft.start === draftFromJob(job).start && job.next_run_at)
    input.start_at = job.next_run_at.slice(0, 19);
  return input;
}

const said = (text: string, none: string) => (text.trim() ? text.trim() : none);

/** What saving `draft` over `job` changes, in words. */
export function jobChanges(job: Job, draft: JobDraft): Change[] {
  const saved = draftFromJob(job);
  const changes: Change[] = [];
  const add = (label: string, key: keyof JobDraft, none: string) => {
    if (saved[key].trim() !== draft[key].trim())
      changes.push({ label, from: said(saved[key], none), to: said(draft[key], none) });
  };
  add('Statements', 'query', 'none');
  add('Schedule', 'schedule', 'runs once');
  add('Start', 'start', 'now');
  add('End', 'end', 'never');
  add('Only when', 'if_query', 'always');
  return changes;
}

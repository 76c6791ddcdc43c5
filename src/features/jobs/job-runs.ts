import type { JobRunRecord } from '../../api/jobs/queries';

export type RunOutcome = 'running' | 'succeeded' | 'failed';

/** A run with an error failed; one without an end is still going (or was cut short by a stop). */
export function runOutcome(run: JobRunRecord): RunOutcome {
  if (run.error) return 'failed';
  return run.run_end ? 'succeeded' : 'running';
}

const SERVER_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?/;

function msOf(time: string | null | undefined): number | null {
  const m = time ? SERVER_TIME.exec(time) : null;
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number);
  return Date.UTC(y, mo - 1, d, h, mi, s, Number((m[7] ?? '0').padEnd(3, '0')));
}

/** How long a run took, in words ("0.4 s", "2 min 5 s"); '' while it has no end. */
export function runDuration(run: JobRunRecord): string {
  const start = msOf(run.run_start);
  const end = msOf(run.run_end);
  if (start === null || end === null) return '';
  const ms = Math.max(0, end - start);
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} min ${s % 60} s`;
  return `${Math.floor(min / 60)} h ${min % 60} min`;
}

/** The runs newest first (servers send them in their own order). */
export const newestFirst = (runs: JobRunRecord[]) =>
  [...runs].sort((a, b) => (msOf(b.run_start) ?? 0) - (msOf(a.run_start) ?? 0));

/** The error's first line, for a list that has room for one. */
export const firstLine = (text: string) => {
  const line = text.split('\n')[0];
  return line.length > 120 ? `${line.slice(0, 120)}…` : line;
};

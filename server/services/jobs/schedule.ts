import type { JobEvery } from '../../dialect/ast';
import { ValidationError } from '../../errors';

/** `every 2 hours`, as MindsDB shows a job's schedule. */
export function scheduleText(every: JobEvery): string {
  return `every ${every.count} ${every.unit}${every.count === 1 ? '' : 's'}`;
}

/** The time one period after `from`; months are calendar months (Jan 31 + 1 month is the last of February). */
export function addPeriod(from: Date, every: JobEvery): Date {
  const minutes = { minute: 1, hour: 60, day: 1440, week: 10080 } as const;
  if (every.unit !== 'month') return new Date(from.getTime() + every.count * minutes[every.unit] * 60_000);
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + every.count);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/**
 * The slot after the one that just ran: one period later, or if the server was down for several periods, the
 * first slot after `now` (missed slots are not caught up one by one; the run that happens covers them).
 * Undefined when the job has no schedule (it ran once) or the next slot is past its end.
 */
export function nextSlot(slot: Date, now: Date, every?: JobEvery, end?: Date): Date | undefined {
  if (!every) return undefined;
  let next = addPeriod(slot, every);
  for (let i = 0; next <= now && i < 1_000_000; i++) next = addPeriod(next, every);
  if (end && next > end) return undefined;
  return next;
}

/** START / END of a job: 'now', or a date in UTC ('YYYY-MM-DD' or 'YYYY-MM-DD HH:MM[:SS]'). */
export function parseJobDate(value: string, now: Date, field: string): Date {
  if (value.trim().toLowerCase() === 'now') return now;
  const text = value.trim();
  const date = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(text)
    ? new Date(`${text.replace(' ', 'T')}Z`)
    : new Date(NaN);
  if (Number.isNaN(date.getTime()))
    throw new ValidationError(
      `'${value}' is not a date: write 'YYYY-MM-DD' or 'YYYY-MM-DD HH:MM:SS' (UTC), or NOW`,
      field,
    );
  return date;
}

/**
 * MindsDB's template variables in a job's statements, filled in before each run as its jobs do:
 * `{{START_DATE}}` (the run's date), `{{START_DATETIME}}` (its date and time) and `{{PREVIOUS_START_DATETIME}}`
 * (the previous run's start less a minute, or the job's creation for the first run), in UTC.
 */
export interface RunTimes {
  start: Date;
  previousStart: Date;
}

export function fillTemplateVariables(sql: string, times: RunTimes): string {
  const dateTime = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
  return sql
    .replaceAll('{{PREVIOUS_START_DATETIME}}', dateTime(times.previousStart))
    .replaceAll('{{START_DATE}}', times.start.toISOString().slice(0, 10))
    .replaceAll('{{START_DATETIME}}', dateTime(times.start));
}

/** MindsDB's rule for the previous start: a minute before the previous run started, or the job's creation. */
export function previousStart(previousRun: Date | undefined, createdAt: Date): Date {
  return previousRun ? new Date(previousRun.getTime() - 60_000) : createdAt;
}

/** A statement as a check at create sees it: the variables filled with the present moment. */
export function withSampleVariables(sql: string): string {
  const now = new Date();
  return fillTemplateVariables(sql, { start: now, previousStart: now });
}

/** Timestamps everywhere in the API: `YYYY-MM-DD HH:MM:SS.ffffff` (UTC, space, microseconds, no zone). */
export function formatTimestamp(date: Date = new Date()): string {
  const iso = date.toISOString(); // 2026-11-22T07:43:43.153Z
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)}000`;
}

/** DuckDB gives TIMESTAMP values as `YYYY-MM-DD HH:MM:SS[.ffffff]`; pad to the API's six digits. */
export function normalizeTimestamp(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?/.exec(value);
  if (!m) return value;
  return `${m[1]} ${m[2]}.${(m[3] ?? '').padEnd(6, '0')}`;
}

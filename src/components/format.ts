const SERVER_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A server timestamp as a moment. The API writes `YYYY-MM-DD HH:MM:SS.ffffff` without a zone, in UTC (ours
 * says so in api.md; MindsDB writes its server's clock, UTC in its images); a zone, when given, is honoured.
 */
function momentOf(value: string): Date | null {
  const m = SERVER_TIMESTAMP.exec(value.trim());
  if (!m) return null;
  if (m[8]) return new Date(value.trim().replace(' ', 'T'));
  const [y, mo, d, h, mi, s = '0', ms = '0'] = m.slice(1, 8);
  return new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, +ms.padEnd(3, '0')));
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as the console shows every one (a server timestamp, or a time this browser noted): to the minute,
 * in the user's locale and time zone, one format everywhere. `locale` and `timeZone` are for tests. Text that
 * is no timestamp is shown as it came.
 */
export function formatMoment(
  value: string | number | null | undefined,
  locale?: string,
  timeZone?: string,
): string {
  if (value === null || value === undefined || value === '') return '';
  const moment = typeof value === 'number' ? new Date(value) : momentOf(value);
  if (!moment || Number.isNaN(moment.getTime())) return String(value);
  const key = `${locale ?? ''}|${timeZone ?? ''}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    formatters.set(key, format);
  }
  return format.format(moment);
}

/** "1 row", "2 rows": counts read naturally. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}

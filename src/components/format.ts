/**
 * A server timestamp (`YYYY-MM-DD HH:MM:SS.ffffff`, no zone) shortened to the minute for lists. The server
 * gives no zone, so the text is shown as sent rather than converted to a local time that may be wrong.
 */
export function shortTimestamp(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(value);
  return m ? `${m[1]} ${m[2]}` : value;
}

/** "1 row", "2 rows": counts read naturally. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}

/** A duration as people read it: 85 ms, 1.24 s, 12.4 s, 2 min 05 s. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 10) return `${s.toFixed(2)} s`;
  if (s < 60) return `${s.toFixed(1)} s`;
  const minutes = Math.floor(s / 60);
  return `${minutes} min ${String(Math.floor(s % 60)).padStart(2, '0')} s`;
}

/**
 * 12345 -> "12,345". Written out rather than with toLocaleString: the first locale-aware call sets up
 * the number formatter, which costs about 100 ms, right when a large result is being shown.
 */
export function groupDigits(n: number): string {
  const [whole, fraction] = String(n).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** "1 row", "12,345 rows". */
export function formatCount(n: number, one: string, many: string): string {
  return `${groupDigits(n)} ${n === 1 ? one : many}`;
}

/** A statement on one line, shortened for tab labels and lists. */
export function statementSummary(sql: string, max = 60): string {
  const line = sql.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

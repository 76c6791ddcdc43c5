import { quoteName, sqlString } from '../../lib/sql-text';

/**
 * How "Try a search" ranks: `default` leaves it to the server (hybrid for the built-in local embedding,
 * semantic otherwise); the others say it with MindsDB's own conditions: `hybrid_search = false` for vectors
 * only, `hybrid_search = true` with `hybrid_search_alpha` for a blend, and alpha 0 for keywords (BM25) only.
 */
export type SearchMode = 'default' | 'semantic' | 'hybrid' | 'keyword';

export type FilterOp = '=' | '!=' | '<' | '>' | 'LIKE';
export const FILTER_OPS: FilterOp[] = ['=', '!=', '<', '>', 'LIKE'];

/** One metadata condition, e.g. `author = 'ann'`. An empty column or value leaves the row out. */
export interface MetadataFilter {
  column: string;
  op: FilterOp;
  value: string;
}

export interface SearchOptions {
  mode: SearchMode;
  /** Weight of the vector side in a hybrid search, 0 to 1 (1: vector order, 0: keyword order). */
  alpha: number;
  /** Drop chunks below this relevance; null keeps every chunk. */
  minRelevance: number | null;
  filters: MetadataFilter[];
}

export const DEFAULT_SEARCH_OPTIONS: SearchOptions = {
  mode: 'default',
  alpha: 0.5,
  minRelevance: null,
  filters: [],
};

/** A filter value as a literal: numbers stay numbers (so `stars > 3` compares numbers), the rest is text. */
function literal(value: string): string {
  const t = value.trim();
  return /^-?\d+(\.\d+)?$/.test(t) ? t : sqlString(value);
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/** The conditions the options add after `content = '...'`, each starting with ` AND `. */
export function optionConditions(options: SearchOptions): string {
  const parts: string[] = [];
  if (options.mode === 'semantic') parts.push('hybrid_search = false');
  if (options.mode === 'hybrid')
    parts.push('hybrid_search = true', `hybrid_search_alpha = ${clamp01(options.alpha)}`);
  if (options.mode === 'keyword') parts.push('hybrid_search = true', 'hybrid_search_alpha = 0');
  if (options.minRelevance !== null) parts.push(`relevance >= ${clamp01(options.minRelevance)}`);
  for (const f of options.filters) {
    if (!f.column.trim() || f.value === '') continue;
    parts.push(`${quoteName(f.column.trim())} ${f.op} ${literal(f.value)}`);
  }
  return parts.map((p) => ` AND ${p}`).join('');
}

import type { KbSearchQuery } from '../../domain/knowledge-bases';

/** Search settings a user chose for a KB (from an evaluation): used by searches that do not say otherwise. */
export interface SearchDefaults {
  mode: 'semantic' | 'hybrid' | 'keyword';
  alpha?: number;
  rerank: boolean;
  limit: number;
}

/**
 * `query` with the KB's chosen defaults filled in where it says nothing. Only a search by content takes
 * them: a scan (no content condition) has no ranking to tune, and its LIMIT means "every row" when absent.
 */
export function applySearchDefaults(
  query: KbSearchQuery,
  defaults: SearchDefaults | undefined,
): KbSearchQuery {
  if (!defaults || !query.query) return query;
  const hybrid = query.hybrid ?? defaults.mode !== 'semantic';
  const alpha = defaults.mode === 'keyword' ? 0 : defaults.alpha;
  return {
    ...query,
    limit: query.limit ?? defaults.limit,
    hybrid,
    ...(hybrid && query.hybridAlpha === undefined && query.hybrid === undefined && alpha !== undefined
      ? { hybridAlpha: alpha }
      : {}),
    rerank: query.rerank ?? defaults.rerank,
  };
}

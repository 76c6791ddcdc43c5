import type { StoredChunk, VectorStore } from '../../engines/vector-store';
import type { EmbeddingProvider, Reranker } from '../../providers/types';
import { ValidationError } from '../errors';
import type { FilterNode, KbSearchQuery, KbSearchRow } from './types';

export const DEFAULT_LIMIT = 10;
/** Candidates fetched per wanted row when a reranker or hybrid fusion reorders them. */
const CANDIDATE_FACTOR = 3;
const MAX_CANDIDATES = 200;

const BUILT_IN_COLUMNS = new Set(['id', 'chunk_id', 'chunk_content']);

export interface SearchContext {
  store: VectorStore;
  table: string;
  kbName: string;
  /** Metadata columns the KB declares (null: whatever rows brought). */
  declaredMetadata: readonly string[] | null;
  embedder: EmbeddingProvider;
  reranker: Reranker | null;
}

function filterColumns(nodes: readonly FilterNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    if ('and' in n) filterColumns(n.and, out);
    else if ('or' in n) filterColumns(n.or, out);
    else if ('not' in n) filterColumns([n.not], out);
    else out.push(n.column);
  }
  return out;
}

/** Every filter column must be a built-in column or a metadata column the KB has. */
export async function checkFilterColumns(
  ctx: Pick<SearchContext, 'store' | 'table' | 'kbName' | 'declaredMetadata'>,
  filters: readonly FilterNode[],
): Promise<void> {
  const columns = filterColumns(filters).filter((c) => !BUILT_IN_COLUMNS.has(c.toLowerCase()));
  if (columns.length === 0) return;
  const known = new Set([
    ...(ctx.declaredMetadata ?? []).map((c) => c.toLowerCase()),
    ...(await ctx.store.metadataNames(ctx.table)),
  ]);
  const unknown = columns.find((c) => !known.has(c.toLowerCase()));
  if (unknown !== undefined) {
    const list = ['id', 'chunk_id', 'chunk_content', ...[...known].sort()].join(', ');
    throw new ValidationError(
      `Unknown column '${unknown}' in knowledge base '${ctx.kbName}' (columns: ${list})`,
      unknown,
    );
  }
}

function checkQuery(q: KbSearchQuery): void {
  if (q.limit !== undefined && (!Number.isInteger(q.limit) || q.limit < 0)) {
    throw new ValidationError(`LIMIT must be a whole number, got ${q.limit}`, 'limit');
  }
  const alpha = q.hybridAlpha;
  if (alpha !== undefined && !(typeof alpha === 'number' && alpha >= 0 && alpha <= 1)) {
    throw new ValidationError(
      `hybrid_search_alpha must be between 0 and 1, got ${alpha}`,
      'hybrid_search_alpha',
    );
  }
  const t = q.relevanceThreshold;
  if (t !== undefined && !(typeof t === 'number' && Number.isFinite(t))) {
    throw new ValidationError(`relevance threshold must be a number, got ${t}`, 'relevance');
  }
  if (q.hybrid && !q.query)
    throw new ValidationError('hybrid_search needs a content condition', 'hybrid_search');
}

const toRow = (c: StoredChunk, relevance: number | null): KbSearchRow => ({
  id: c.docId,
  chunk_id: c.chunkId,
  chunk_content: c.content,
  metadata: c.metadata,
  relevance,
  distance: c.distance,
});

const similarity = (distance: number | null) => (distance === null ? 0 : 1 / (1 + distance));

/**
 * Blends vector and keyword candidates: `alpha * 1/(1+distance) + (1 - alpha) * score/maxScore`.
 * A chunk found by only one side gets that side's share alone.
 */
export function fuse(vector: StoredChunk[], keyword: StoredChunk[], alpha: number): KbSearchRow[] {
  const maxScore = Math.max(0, ...keyword.map((k) => k.score ?? 0));
  const merged = new Map<string, { chunk: StoredChunk; keyword: number }>();
  for (const c of vector) merged.set(c.chunkId, { chunk: c, keyword: 0 });
  for (const k of keyword) {
    const entry = merged.get(k.chunkId) ?? { chunk: k, keyword: 0 };
    entry.keyword = maxScore > 0 ? (k.score ?? 0) / maxScore : 0;
    merged.set(k.chunkId, entry);
  }
  return [...merged.values()].map(({ chunk, keyword: kw }) =>
    toRow(chunk, alpha * similarity(chunk.distance) + (1 - alpha) * kw),
  );
}

async function candidates(ctx: SearchContext, q: KbSearchQuery & { query: string }, k: number) {
  const [vector] = await ctx.embedder.embed([q.query]);
  const label = `knowledge base '${ctx.kbName}'`;
  const filters = q.filters ?? [];
  const nearest = await ctx.store.vectorSearch(ctx.table, vector, {
    filters,
    limit: k,
    label,
    exact: q.exact,
  });
  if (!q.hybrid) return nearest.map((c) => toRow(c, similarity(c.distance)));
  const keyword = await ctx.store.textSearch(ctx.table, q.query, { filters, limit: k, label, vector });
  return fuse(nearest, keyword, q.hybridAlpha ?? 0.5);
}

/** A knowledge-base search: semantic (optionally hybrid and reranked) with a query, a filtered scan without. */
export async function searchKb(ctx: SearchContext, q: KbSearchQuery): Promise<KbSearchRow[]> {
  checkQuery(q);
  await checkFilterColumns(ctx, q.filters ?? []);
  const label = `knowledge base '${ctx.kbName}'`;
  if (!q.query) {
    if (q.relevanceThreshold !== undefined) {
      throw new ValidationError('A relevance condition needs a content condition to rank by', 'relevance');
    }
    const chunks = await ctx.store.scan(ctx.table, { filters: q.filters, limit: q.limit, label });
    return chunks.map((c) => toRow(c, null));
  }
  const limit = q.limit ?? DEFAULT_LIMIT;
  if (limit === 0) return [];
  const reorders = ctx.reranker !== null || q.hybrid === true;
  const k = reorders ? Math.min(MAX_CANDIDATES, Math.max(limit * CANDIDATE_FACTOR, 20)) : limit;
  let rows = await candidates(ctx, { ...q, query: q.query }, k);
  if (ctx.reranker && rows.length > 0) {
    const scores = await ctx.reranker.score(
      q.query,
      rows.map((r) => r.chunk_content),
    );
    rows = rows.map((r, i) => ({ ...r, relevance: scores[i] }));
  }
  rows.sort((a, b) => (b.relevance ?? 0) - (a.relevance ?? 0) || (a.distance ?? 0) - (b.distance ?? 0));
  const threshold = q.relevanceThreshold;
  if (threshold !== undefined) rows = rows.filter((r) => (r.relevance ?? 0) >= threshold);
  return rows.slice(0, limit);
}

import type { StoredChunk, VectorStore } from '../../engines/vector-store';
import type { EmbeddingProvider, Reranker } from '../../providers/types';
import { ValidationError } from '../../errors';
import type { ConceptModel } from './concepts/concept-model';
import type { ConceptModels } from './concepts/concept-models';
import type { KbModels } from './models';
import type { StoredKb } from '../../store/knowledge-bases';
import { localSemantics } from './concepts/local-semantics';
import { fuseHybrid } from './fusion';
import { anchorRelevance } from './match-strength';
import { keywordQuery } from './keyword-query';
import { semanticRelevance } from './score';
import type { FilterNode, KbSearchQuery, KbSearchRow } from '../../domain/knowledge-bases';

export const DEFAULT_LIMIT = 10;
/** Weight of the vector side in hybrid search when `hybrid_search_alpha` is not given (MindsDB's default). */
export const DEFAULT_HYBRID_ALPHA = 0.5;
/**
 * The same when the semantic side is the KB's concept model (a KB with the `local` embedding, once learned):
 * a weaker signal than BM25, which it corrects rather than rivals. Chosen once for all collections on the
 * public test collections (docs/local-models.md: 0.3 over 0.5 by 0.007 nDCG@10 on their mean), not per KB.
 */
export const LOCAL_HYBRID_ALPHA = 0.3;
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
  /** The KB's concept model, learned from its chunks (a KB with the `local` embedding; see concepts/). */
  concepts?: () => Promise<ConceptModel | null>;
}

/** The service's parts a search is built from. */
export interface SearchParts {
  store: VectorStore;
  models: KbModels;
  concepts: ConceptModels;
}

/** The context of a search of a stored KB: its table, models, metadata and (`local` embedding) concept model. */
export function searchContext(
  stored: StoredKb,
  kbName: string,
  query: KbSearchQuery,
  parts: SearchParts,
): SearchContext {
  const table = stored.kb.vector_database_table;
  const embedder = parts.models.embedder(stored.settings.embedding_model);
  return {
    store: parts.store,
    table,
    kbName,
    declaredMetadata: stored.settings.metadata_columns,
    embedder,
    concepts: embedder.provider === 'local' ? () => parts.concepts.modelFor(table) : undefined,
    reranker:
      stored.settings.reranking_model && query.rerank !== false
        ? parts.models.reranker(stored.settings.reranking_model)
        : null,
  };
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

/**
 * A row's id with the type the source gave it: chunks keep it in `original_doc_id` (a number for an integer
 * id). Chunks stored before ids kept their type hold a string there, and show the text id.
 */
export function typedId(c: Pick<StoredChunk, 'docId' | 'metadata'>): string | number {
  const original = c.metadata.original_doc_id;
  return typeof original === 'number' && String(original) === c.docId ? original : c.docId;
}

const toRow = (c: StoredChunk, relevance: number | null): KbSearchRow => ({
  id: typedId(c),
  chunk_id: c.chunkId,
  chunk_content: c.content,
  metadata: c.metadata,
  distance: c.distance,
  relevance,
});

/**
 * The search mode when a query does not say (`hybrid_search` absent): hybrid for the built-in `local` embedding,
 * semantic for every other. The local embedding hashes words, so on its own it ranks by shared vocabulary less
 * well than BM25 does; fused with BM25 it both matches exact terms and breaks ties by closeness (measured by
 * `npm run bench:retrieval`). A real embedding model is left as MindsDB does: semantic unless asked.
 */
export const defaultsToHybrid = (embedder: Pick<EmbeddingProvider, 'provider'>): boolean =>
  embedder.provider === 'local';

/**
 * Whether the KB's reranker reorders this search. The built-in `local` reranker scores word overlap, which
 * BM25 in a hybrid search has already counted better; measured, it made hybrid rankings worse, so it applies
 * to semantic searches only. Model rerankers apply to both.
 */
export const rerankerApplies = (reranker: Reranker, hybrid: boolean): boolean =>
  !(hybrid && reranker.provider === 'local');

async function candidates(
  ctx: SearchContext,
  q: KbSearchQuery & { query: string },
  hybrid: boolean,
  k: number,
): Promise<KbSearchRow[]> {
  const [vector] = await ctx.embedder.embed([q.query]);
  const label = `knowledge base '${ctx.kbName}'`;
  const filters = q.filters ?? [];
  const nearestSearch = ctx.store.vectorSearch(ctx.table, vector, {
    filters,
    limit: k,
    label,
    exact: q.exact,
  });
  if (!hybrid) return (await nearestSearch).map((c) => toRow(c, semanticRelevance(c.distance)));
  // Both sides run at once: a hybrid search then takes about as long as the slower side, not the sum.
  const [nearest, keyword, concepts] = await Promise.all([
    nearestSearch,
    ctx.store.textSearch(ctx.table, keywordQuery(q.query), { filters, limit: k, label, vector }),
    ctx.concepts?.() ?? null,
  ]);
  // With a concept model the semantic side is what it and the query's word order say (local-semantics.ts);
  // without one (a KB too small to learn from, or still learning), the embedding's cosine similarity, at
  // MindsDB's weight.
  const semantic = (concepts && localSemantics(concepts, q.query)) ?? undefined;
  const alpha = q.hybridAlpha ?? (semantic ? LOCAL_HYBRID_ALPHA : DEFAULT_HYBRID_ALPHA);
  const fused = anchorRelevance(q.query, fuseHybrid(nearest, keyword, alpha, semantic), alpha);
  return fused.map((f) => toRow(f.chunk, f.relevance));
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
  const hybrid = q.hybrid ?? defaultsToHybrid(ctx.embedder);
  const reranker = ctx.reranker && rerankerApplies(ctx.reranker, hybrid) ? ctx.reranker : null;
  const reorders = reranker !== null || hybrid;
  const k = reorders ? Math.min(MAX_CANDIDATES, Math.max(limit * CANDIDATE_FACTOR, 20)) : limit;
  let rows = await candidates(ctx, { ...q, query: q.query }, hybrid, k);
  if (reranker && rows.length > 0) {
    const scores = await reranker.score(
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

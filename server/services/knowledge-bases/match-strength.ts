import { stemmer } from 'stemmer';
import { forEachWord } from '../../providers/lexical';
import type { FusedChunk } from './fusion';
import { keywordQuery } from './keyword-query';
import { cosineSimilarity } from './score';

/** The stems of a text's words, lowercased. */
function stemsOf(text: string): Set<string> {
  const lower = text.toLowerCase();
  const stems = new Set<string>();
  forEachWord(lower, (start, end) => {
    stems.add(stemmer(lower.slice(start, end)));
  });
  return stems;
}

/**
 * The share of the query's keyword terms (the words the keyword side searches for, stemmed) that the text holds:
 * 1 when every term is there, 0 when none is. Unlike a BM25 score it does not depend on the other documents
 * of the collection nor on the other candidates, so it says the same thing for every query.
 */
export function termCoverage(query: string, text: string): number {
  const terms = stemsOf(keywordQuery(query));
  if (terms.size === 0) return 0;
  const held = stemsOf(text);
  let found = 0;
  for (const t of terms) if (held.has(t)) found += 1;
  return found / terms.size;
}

/**
 * How well a chunk matches a query in absolute terms, in [0, 1]: its cosine similarity to the query weighted
 * by `alpha`, and its coverage of the query's terms by `1 - alpha`, the same weights as the hybrid blend.
 */
export function matchStrength(query: string, fused: FusedChunk, alpha: number): number {
  const similarity = cosineSimilarity(fused.chunk.distance);
  return alpha * similarity + (1 - alpha) * termCoverage(query, fused.chunk.content);
}

/**
 * A hybrid search's relevance, made comparable across queries. The blend of the two sides orders the
 * candidates, but each side is scaled to its own best candidate, so the best of a weak lot would score about
 * 1 just as an exact match does. Here the best candidate's relevance is its absolute match strength, and every
 * other candidate keeps its blended score's ratio to the best: the order is unchanged, and a `relevance >= x`
 * filter keeps strong matches only whatever the query.
 */
export function anchorRelevance(query: string, fused: readonly FusedChunk[], alpha: number): FusedChunk[] {
  let top: FusedChunk | null = null;
  for (const f of fused) if (!top || f.relevance > top.relevance) top = f;
  if (!top || top.relevance <= 0) return fused.map((f) => ({ ...f, relevance: 0 }));
  const scale = matchStrength(query, top, alpha) / top.relevance;
  return fused.map((f) => ({ ...f, relevance: f.relevance * scale }));
}

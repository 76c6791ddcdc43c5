import { forEachWord, hashString, STOP_HASHES } from './lexical';
import type { Reranker } from './types';

export const LOCAL_RERANKER_MODEL = 'lexical-overlap-v1';

/** Folds common English endings so that "refunds", "refunded" and "refunding" count as "refund". */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  for (const suffix of ['ing', 'ed', 'es', 's']) {
    if (word.length - suffix.length >= 3 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

interface Terms {
  list: string[];
  counts: Map<string, number>;
  /** Adjacent pairs, `a b`, for the phrase bonus. */
  pairs: Set<string>;
}

/** Stemmed terms of a text; stop words are dropped unless the text has nothing else. */
function terms(text: string): Terms {
  const lower = text.toLowerCase();
  const all: string[] = [];
  const content: string[] = [];
  forEachWord(lower, (start, end) => {
    const word = lower.slice(start, end);
    const term = stem(word);
    all.push(term);
    if (!STOP_HASHES.has(hashString(word))) content.push(term);
  });
  const list = content.length > 0 ? content : all;
  const counts = new Map<string, number>();
  for (const t of list) counts.set(t, (counts.get(t) ?? 0) + 1);
  const pairs = new Set<string>();
  for (let i = 1; i < list.length; i++) pairs.add(`${list[i - 1]} ${list[i]}`);
  return { list, counts, pairs };
}

/**
 * The built-in reranker: how much of the query a document covers. Each distinct query term counts by its
 * rarity among the candidates (a term every candidate has tells them apart by nothing), scaled up a little
 * for repeated mentions; adjacent query terms found adjacent in the document add a phrase bonus.
 * Scores are in [0, 1]: 0 when no query term occurs, 1 when every term occurs often and every phrase matches.
 */
export class LocalReranker implements Reranker {
  readonly provider = 'local';

  constructor(readonly model: string = LOCAL_RERANKER_MODEL) {}

  async score(query: string, documents: readonly string[]): Promise<number[]> {
    return scoreDocuments(query, documents);
  }
}

export function scoreDocuments(query: string, documents: readonly string[]): number[] {
  const q = terms(query);
  const queryTerms = [...q.counts.keys()];
  if (queryTerms.length === 0 || documents.length === 0) return documents.map(() => 0);
  const docs = documents.map(terms);
  const n = docs.length;
  const idf = new Map(
    queryTerms.map((t) => {
      const df = docs.filter((d) => d.counts.has(t)).length;
      return [t, Math.log(1 + (n + 1) / (df + 0.5))];
    }),
  );
  const totalIdf = queryTerms.reduce((sum, t) => sum + (idf.get(t) ?? 0), 0);
  return docs.map((d) => {
    let covered = 0;
    for (const t of queryTerms) {
      const tf = d.counts.get(t) ?? 0;
      // One mention earns 80% of a term's weight, more mentions approach 100%.
      if (tf > 0) covered += (idf.get(t) ?? 0) * (0.8 + (0.2 * (tf - 1)) / (tf + 1));
    }
    const coverage = totalIdf > 0 ? covered / totalIdf : 0;
    if (q.pairs.size === 0) return round(coverage);
    let phrases = 0;
    for (const pair of q.pairs) if (d.pairs.has(pair)) phrases++;
    return round(0.8 * coverage + 0.2 * (phrases / q.pairs.size));
  });
}

const round = (x: number) => Math.round(Math.min(1, Math.max(0, x)) * 1e6) / 1e6;

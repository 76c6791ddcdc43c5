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
 * rarity among the candidates (a term every candidate has tells them apart by nothing); a mention earns most
 * of a term's weight and the rest grows with how often, for the document's length, the term is mentioned
 * (BM25's saturation); adjacent query terms found adjacent in the document add a phrase bonus.
 * Scores are in [0, 1]: 0 when no query term occurs, near 1 when every term occurs often and every phrase
 * matches. They are continuous: candidates that hold the same query terms still differ by how densely they
 * hold them, so the scores shown keep the order they produce instead of collapsing into a few equal values.
 */
export class LocalReranker implements Reranker {
  readonly provider = 'local';

  constructor(readonly model: string = LOCAL_RERANKER_MODEL) {}

  async score(query: string, documents: readonly string[]): Promise<number[]> {
    return scoreDocuments(query, documents);
  }
}

/** Share of a term's weight one mention earns; the rest comes from how densely the document mentions it. */
const MENTION = 0.7;
/** BM25's saturation and length normalisation (the usual values). */
const K1 = 1.2;
const B = 0.75;

export function scoreDocuments(query: string, documents: readonly string[]): number[] {
  const q = terms(query);
  const queryTerms = [...q.counts.keys()];
  if (queryTerms.length === 0 || documents.length === 0) return documents.map(() => 0);
  const docs = documents.map(terms);
  const n = docs.length;
  const averageLength = Math.max(1, docs.reduce((sum, d) => sum + d.list.length, 0) / n);
  const idf = new Map(
    queryTerms.map((t) => {
      const df = docs.filter((d) => d.counts.has(t)).length;
      return [t, Math.log(1 + (n + 1) / (df + 0.5))];
    }),
  );
  const totalIdf = queryTerms.reduce((sum, t) => sum + (idf.get(t) ?? 0), 0);
  return docs.map((d) => {
    const lengthNorm = K1 * (1 - B + (B * d.list.length) / averageLength);
    let covered = 0;
    for (const t of queryTerms) {
      const tf = d.counts.get(t) ?? 0;
      // In (0, 1): rises with mentions, falls with length; one mention in an average document is about 0.45.
      if (tf > 0) covered += (idf.get(t) ?? 0) * (MENTION + (1 - MENTION) * (tf / (tf + lengthNorm)));
    }
    const coverage = totalIdf > 0 ? covered / totalIdf : 0;
    if (q.pairs.size === 0) return round(coverage);
    let phrases = 0;
    for (const pair of q.pairs) if (d.pairs.has(pair)) phrases++;
    return round(0.8 * coverage + 0.2 * (phrases / q.pairs.size));
  });
}

const round = (x: number) => Math.round(Math.min(1, Math.max(0, x)) * 1e6) / 1e6;

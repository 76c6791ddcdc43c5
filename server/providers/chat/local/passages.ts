import { parseRows, TOOL } from '../tool-protocol';
import { sentences, terms } from './text';
import type { MadeCall } from './transcript';
import { CHUNK_METADATA_KEYS as BOOKKEEPING } from '../../../../protocol/api/knowledge-bases';

/** Share of the question's (weighted) terms a chunk must contain to be quoted at all. */
export const MIN_COVERAGE = 0.3;
/** A chunk this short is quoted whole: its sentences explain each other ("Start the server with ..."). */
const SHORT_CHUNK = 700;
/** Sentences taken from a longer chunk at most. */
const MAX_SENTENCES = 4;
/** Another chunk is quoted too when it covers the question nearly as well as the best one. */
const RUNNER_UP = 0.8;

export interface Chunk {
  chunkId: string;
  content: string;
  /** Words of the chunk and of its metadata (a title, a category), as terms, with repeats. */
  words: string[];
  terms: Set<string>;
  relevance: number;
  order: number;
}

function metadataText(cell: string | undefined): string {
  if (!cell) return '';
  try {
    const meta = JSON.parse(cell) as Record<string, unknown>;
    return Object.entries(meta)
      .filter(([k, v]) => typeof v === 'string' && !BOOKKEEPING.has(k.replace(/^_/, '')))
      .map(([, v]) => v)
      .join(' ');
  } catch {
    return '';
  }
}

/** Chunks of every knowledge base search in the turn, each once, in the order the searches ranked them. */
export function retrievedChunks(calls: MadeCall[]): Chunk[] {
  const chunks = new Map<string, Chunk>();
  for (const c of calls) {
    if (c.name !== TOOL.kbQuery || !c.observation) continue;
    for (const row of parseRows(c.observation) ?? []) {
      if (!row.chunk_id || !row.chunk_content || chunks.has(row.chunk_id)) continue;
      const relevance = Number(row.relevance);
      // Metadata words count twice: a title says what the whole chunk is about.
      const meta = metadataText(row.metadata);
      const words = terms(`${row.chunk_content} ${meta} ${meta}`);
      chunks.set(row.chunk_id, {
        chunkId: row.chunk_id,
        content: row.chunk_content,
        words,
        terms: new Set(words),
        relevance: Number.isFinite(relevance) ? relevance : 0,
        order: chunks.size,
      });
    }
  }
  return [...chunks.values()];
}

/** Each question term weighs by how rare it is among the chunks: "upload" counts more than "knowledge". */
function termWeights(question: string[], sets: Set<string>[]): Map<string, number> {
  return new Map(
    question.map((q) => {
      const df = sets.filter((set) => set.has(q)).length;
      return [q, Math.log(1 + (sets.length + 1) / (df + 1))];
    }),
  );
}

const coverage = (set: Set<string>, weights: Map<string, number>, total: number) =>
  [...weights].reduce((sum, [q, w]) => sum + (set.has(q) ? w : 0), 0) / total;

/**
 * How strongly a chunk is about the question's words (BM25's saturating term frequency, normalised by
 * length): separates chunks that mention the same words once in passing from the one that is about them.
 */
function density(chunk: Chunk, weights: Map<string, number>, averageLength: number): number {
  const norm = 1.2 * (0.25 + (0.75 * chunk.words.length) / averageLength);
  let score = 0;
  for (const [q, w] of weights) {
    const tf = chunk.words.filter((x) => x === q).length;
    score += (w * tf) / (tf + norm);
  }
  return score;
}

/**
 * What to quote from a chunk: all of the best one when it is short (its sentences explain each other);
 * otherwise the sentences that share words with the question.
 */
function quoteFrom(chunk: Chunk, weights: Map<string, number>, whole: boolean, max: number): string {
  if (whole && chunk.content.length <= SHORT_CHUNK) return chunk.content.trim().replace(/\s*\n\s*/g, ' ');
  const all = sentences(chunk.content);
  const matching = all.filter((s) => terms(s).some((t) => weights.has(t)));
  return (matching.length ? matching : all.slice(0, 1)).slice(0, max).join(' ');
}

/**
 * The passages that answer the question, each followed by its chunk id in brackets: the chunk covering most
 * of the question, quoted whole when short, and the best sentences of any that cover it nearly as well.
 */
export function quotePassages(searchText: string, calls: MadeCall[]): string {
  const question = [...new Set(terms(searchText))];
  const chunks = retrievedChunks(calls);
  if (question.length === 0 || chunks.length === 0) return '';
  const weights = termWeights(
    question,
    chunks.map((c) => c.terms),
  );
  const total = [...weights.values()].reduce((a, b) => a + b, 0);
  const averageLength = chunks.reduce((n, c) => n + c.words.length, 0) / chunks.length || 1;
  // Coverage first (in steps of 5%, so that near-ties fall to the finer measures), then density, then the
  // search's own ranking.
  const scored = chunks
    .map((chunk) => ({
      chunk,
      score: coverage(chunk.terms, weights, total),
      density: density(chunk, weights, averageLength),
    }))
    .filter((s) => s.score >= MIN_COVERAGE)
    .sort(
      (a, b) =>
        Math.round(b.score * 20) - Math.round(a.score * 20) ||
        b.density - a.density ||
        b.chunk.relevance - a.chunk.relevance ||
        a.chunk.order - b.chunk.order,
    );
  if (scored.length === 0) return '';
  const [best, ...rest] = scored;
  const others = rest.filter((s) => s.score >= best.score * RUNNER_UP).slice(0, 2);
  return [
    `${quoteFrom(best.chunk, weights, true, MAX_SENTENCES)} [${best.chunk.chunkId}]`,
    ...others.map(({ chunk }) => `${quoteFrom(chunk, weights, false, 2)} [${chunk.chunkId}]`),
  ].join('\n\n');
}

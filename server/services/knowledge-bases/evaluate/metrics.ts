/**
 * Retrieval metrics of an evaluation, as pure functions of what each question expected and what came back.
 *
 * Two rankings are used, on purpose. MindsDB's own columns (`total_found`, `retrieved_in_top_10`,
 * `cumulative_recall`) count positions among the returned chunks, as MindsDB does. The added metrics (hit@k,
 * MRR, nDCG@10, recall@k) rank documents: a document that comes back as several chunks counts once, at its
 * best place, which is the usual definition in retrieval evaluation.
 */

/** Cut-offs reported as hit@k. */
export const HIT_CUTOFFS = [1, 3, 5, 10] as const;

/** What one question of a `doc_id` evaluation found. */
export interface DocIdOutcome {
  /** Ids of the chunks that came back, best first (a document may appear several times). */
  retrievedIds: readonly string[];
  /** The document ids the question should find (usually one). */
  expectedIds: readonly string[];
  queryMs: number;
}

export interface DocIdQuestionScore {
  /** 0-based position of the first expected id among the returned chunks, -1 when not found (MindsDB). */
  chunkPosition: number;
  /** 1-based rank of the first expected document among distinct documents, null when not found. */
  rank: number | null;
  reciprocalRank: number;
  ndcgAt10: number;
  recallAtK: number;
}

/** Distinct ids in first-seen order. */
export const distinct = (ids: readonly string[]): string[] => [...new Set(ids)];

const discount = (index: number) => 1 / Math.log2(index + 2);

/** Binary-relevance nDCG over the first `k` of `ranked`. */
export function ndcg(ranked: readonly string[], expected: ReadonlySet<string>, k = 10): number {
  let dcg = 0;
  ranked.slice(0, k).forEach((id, i) => {
    if (expected.has(id)) dcg += discount(i);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(expected.size, k); i++) ideal += discount(i);
  return ideal > 0 ? dcg / ideal : 0;
}

export function scoreDocIdQuestion(o: DocIdOutcome): DocIdQuestionScore {
  const expected = new Set(o.expectedIds);
  const ranked = distinct(o.retrievedIds);
  const rankIndex = ranked.findIndex((id) => expected.has(id));
  const found = ranked.filter((id) => expected.has(id)).length;
  return {
    chunkPosition: o.retrievedIds.findIndex((id) => expected.has(id)),
    rank: rankIndex === -1 ? null : rankIndex + 1,
    reciprocalRank: rankIndex === -1 ? 0 : 1 / (rankIndex + 1),
    ndcgAt10: ndcg(ranked, expected, 10),
    recallAtK: expected.size ? found / expected.size : 0,
  };
}

const mean = (values: readonly number[]) =>
  values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
const round = (n: number, digits = 4) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The summary of a `doc_id` evaluation: MindsDB's columns, then ours. `k` is how many chunks were asked for. */
export function summarizeDocId(
  outcomes: readonly DocIdOutcome[],
  scores: readonly DocIdQuestionScore[],
  k: number,
): Record<string, number | string> {
  const total = outcomes.length;
  const positions = scores.map((s) => s.chunkPosition);
  // MindsDB's recall curve: the share of questions whose document is at chunk position <= i, for i < k.
  const cumulative: Record<string, number> = {};
  let sum = 0;
  for (let i = 0; i < k; i++) {
    sum += positions.filter((p) => p === i).length;
    cumulative[String(i)] = total ? round(sum / total) : 0;
  }
  const hits = Object.fromEntries(
    HIT_CUTOFFS.map((c) => [
      `hit_at_${c}`,
      round(mean(scores.map((s) => (s.rank !== null && s.rank <= c ? 1 : 0)))),
    ]),
  );
  return {
    total,
    total_found: positions.filter((p) => p >= 0).length,
    retrieved_in_top_10: positions.filter((p) => p >= 0 && p < 10).length,
    cumulative_recall: JSON.stringify(cumulative),
    avg_query_time: round(mean(outcomes.map((o) => o.queryMs)) / 1000, 6),
    ...hits,
    mrr: round(mean(scores.map((s) => s.reciprocalRank))),
    ndcg_at_10: round(mean(scores.map((s) => s.ndcgAt10))),
    recall_at_k: round(mean(scores.map((s) => s.recallAtK))),
    k,
  };
}

/** What one question of an `llm_relevancy` evaluation got: the relevance score of each returned chunk. */
export interface RelevancyOutcome {
  scores: readonly number[];
  queryMs: number;
}

/** A score at or above this counts as relevant (MindsDB's threshold). */
export const RELEVANT_SCORE = 0.5;

function entropy(values: readonly number[]): number {
  const total = values.reduce((a, b) => a + b, 0);
  if (total <= 0) return 0;
  return -values
    .filter((v) => v > 0)
    .map((v) => v / total)
    .reduce((acc, p) => acc + p * Math.log(p), 0);
}

/** Graded nDCG of the scores in their returned order against the same scores sorted (MindsDB's avg_ndcg). */
function gradedNdcg(scores: readonly number[]): number {
  const dcg = (list: readonly number[]) => list.reduce((acc, s, i) => acc + s * discount(i), 0);
  const ideal = dcg([...scores].sort((a, b) => b - a));
  return ideal > 0 ? dcg(scores) / ideal : 0;
}

export function firstRelevant(scores: readonly number[]): number | null {
  const i = scores.findIndex((s) => s >= RELEVANT_SCORE);
  return i === -1 ? null : i;
}

/** The summary of an `llm_relevancy` evaluation, with MindsDB's columns (lists as JSON text). */
export function summarizeRelevancy(
  outcomes: readonly RelevancyOutcome[],
): Record<string, number | string | null> {
  const scored = outcomes.filter((o) => o.scores.length > 0);
  const width = Math.max(0, ...scored.map((o) => o.scores.length));
  const column = (i: number, f: (o: RelevancyOutcome) => number) =>
    round(mean(scored.filter((o) => o.scores.length > i).map(f)), 2);
  const positions = scored.map((o) => firstRelevant(o.scores)).filter((p): p is number => p !== null);
  const byK = Array.from({ length: width }, (_, i) => column(i, (o) => o.scores[i]));
  const hitAtK = Array.from({ length: width }, (_, i) =>
    column(i, (o) => (o.scores.slice(0, i + 1).some((s) => s >= RELEVANT_SCORE) ? 1 : 0)),
  );
  const precisionAtK = Array.from({ length: width }, (_, i) =>
    column(i, (o) => o.scores.slice(0, i + 1).filter((s) => s >= RELEVANT_SCORE).length / (i + 1)),
  );
  const mrr = mean(
    scored.map((o) => {
      const p = firstRelevant(o.scores);
      return p === null ? 0 : 1 / (p + 1);
    }),
  );
  return {
    total: outcomes.length,
    avg_relevancy: round(mean(scored.map((o) => mean(o.scores)))),
    avg_relevance_score_by_k: JSON.stringify(byK),
    avg_first_relevant_position: positions.length ? round(mean(positions)) : null,
    mean_mrr: round(mrr),
    hit_at_k: JSON.stringify(hitAtK),
    bin_precision_at_k: JSON.stringify(precisionAtK),
    avg_entropy: round(mean(scored.map((o) => (o.scores.length > 1 ? entropy(o.scores) : 0)))),
    avg_ndcg: round(mean(scored.map((o) => gradedNdcg(o.scores)))),
    avg_query_time: round(mean(outcomes.map((o) => o.queryMs)) / 1000, 6),
    mrr: round(mrr),
    ndcg_at_10: round(mean(scored.map((o) => gradedNdcg(o.scores.slice(0, 10))))),
  };
}

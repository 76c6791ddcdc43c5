import type { Metrics, SearchSettings } from '../../../../protocol/api/kb-evaluations';

export const MODES: { value: SearchSettings['mode']; label: string }[] = [
  { value: 'semantic', label: 'Semantic' },
  { value: 'hybrid', label: 'Hybrid' },
  { value: 'keyword', label: 'Keyword' },
];

export const LIMITS = [1, 3, 5, 10, 20, 50];
/** Most settings compared in one run (each is a full pass over the questions). */
export const MAX_SETTINGS = 4;

/** Settings in a few words: "Hybrid α 0.5 · reranker off · top 10". */
export function describeSettings(s: SearchSettings): string {
  const mode = MODES.find((m) => m.value === s.mode)?.label ?? s.mode;
  const alpha = s.mode === 'hybrid' ? ` α ${s.alpha ?? 0.5}` : '';
  return `${mode}${alpha} · reranker ${s.rerank ? 'on' : 'off'} · top ${s.limit}`;
}

export const sameSettings = (a: SearchSettings, b: SearchSettings) =>
  describeSettings(a) === describeSettings(b);

/** The metrics charted and tabled, by version: each a share from 0 to 1, higher is better. */
export const CHARTED: Record<'doc_id' | 'llm_relevancy', { key: string; label: string }[]> = {
  doc_id: [
    { key: 'hit_at_1', label: 'Hit@1' },
    { key: 'hit_at_5', label: 'Hit@5' },
    { key: 'mrr', label: 'MRR' },
    { key: 'ndcg_at_10', label: 'nDCG@10' },
    { key: 'recall_at_k', label: 'Recall@k' },
  ],
  llm_relevancy: [
    { key: 'mean_mrr', label: 'MRR' },
    { key: 'avg_ndcg', label: 'nDCG' },
    { key: 'avg_relevancy', label: 'Avg relevancy' },
  ],
};

export const metric = (m: Metrics | null | undefined, key: string): number | null => {
  const v = m?.[key];
  return typeof v === 'number' ? v : null;
};

/** The index of the best run: highest MRR, then nDCG; undefined when none has scores or the top is a tie. */
export function bestRun(runs: { metrics: Metrics | null }[]): number | undefined {
  const score = (m: Metrics | null) => [
    metric(m, 'mrr') ?? metric(m, 'mean_mrr') ?? -1,
    metric(m, 'ndcg_at_10') ?? metric(m, 'avg_ndcg') ?? -1,
  ];
  const ranked = runs
    .map((r, i) => ({ i, s: r.metrics ? score(r.metrics) : undefined }))
    .filter((r): r is { i: number; s: number[] } => r.s !== undefined)
    .sort((a, b) => b.s[0] - a.s[0] || b.s[1] - a.s[1]);
  if (ranked.length === 0) return undefined;
  const [first, second] = ranked;
  if (second && second.s[0] === first.s[0] && second.s[1] === first.s[1]) return undefined;
  return first.i;
}

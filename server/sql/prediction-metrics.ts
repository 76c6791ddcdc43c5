import type { JsonValue } from '../engines/duckdb';

/**
 * The scores `EVALUATE metric FROM (SELECT actual, prediction ...)` computes, by MindsDB's (scikit-learn's)
 * names and definitions: classification scores compare values as they are, regression scores need numbers.
 */
type Metric = (actual: JsonValue[], predicted: JsonValue[]) => number;

const same = (a: JsonValue, b: JsonValue) => JSON.stringify(a) === JSON.stringify(b);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const variance = (xs: number[]) => {
  const m = mean(xs);
  return mean(xs.map((x) => (x - m) ** 2));
};

function numbers(values: JsonValue[], column: string): number[] {
  return values.map((v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (!Number.isFinite(n))
      throw new MetricError(`The \`${column}\` column must hold numbers for this metric`);
    return n;
  });
}

/** A regression score from the errors (prediction - actual) and the actual values. */
function regression(score: (errors: number[], actual: number[]) => number): Metric {
  return (actual, predicted) => {
    const a = numbers(actual, 'actual');
    const p = numbers(predicted, 'prediction');
    return score(
      p.map((x, i) => x - a[i]),
      a,
    );
  };
}

/** Scikit-learn's r2 and explained variance: 1 when both spreads are 0, 0 when only the truth's is. */
function shareExplained(unexplained: number, total: number): number {
  if (total === 0) return unexplained === 0 ? 1 : 0;
  return 1 - unexplained / total;
}

const METRICS: Record<string, Metric> = {
  accuracy_score: (a, p) => mean(a.map((x, i) => (same(x, p[i]) ? 1 : 0))),
  balanced_accuracy_score: (a, p) => {
    const classes = [...new Set(a.map((x) => JSON.stringify(x)))];
    return mean(
      classes.map((c) => {
        const rows = a.map((_, i) => i).filter((i) => JSON.stringify(a[i]) === c);
        return mean(rows.map((i) => (same(a[i], p[i]) ? 1 : 0)));
      }),
    );
  },
  mean_absolute_error: regression((e) => mean(e.map(Math.abs))),
  mean_squared_error: regression((e) => mean(e.map((x) => x * x))),
  root_mean_squared_error: regression((e) => Math.sqrt(mean(e.map((x) => x * x)))),
  median_absolute_error: regression((e) => median(e.map(Math.abs))),
  max_error: regression((e) => Math.max(...e.map(Math.abs))),
  mean_absolute_percentage_error: regression((e, a) =>
    mean(e.map((x, i) => Math.abs(x) / Math.max(Math.abs(a[i]), Number.EPSILON))),
  ),
  r2_score: regression((e, a) => {
    const m = mean(a);
    return shareExplained(
      e.reduce((s, x) => s + x * x, 0),
      a.reduce((s, x) => s + (x - m) ** 2, 0),
    );
  }),
  explained_variance_score: regression((e, a) => shareExplained(variance(e), variance(a))),
};

export const METRIC_NAMES = Object.keys(METRICS);

export class MetricError extends Error {}

/** The score of `name` over the pairs, rounded to `decimals` places. */
export function scorePredictions(
  name: string,
  actual: JsonValue[],
  predicted: JsonValue[],
  decimals: number,
): number {
  const metric = METRICS[name];
  if (!metric)
    throw new MetricError(`Unknown metric '${name}': this server computes ${METRIC_NAMES.join(', ')}`);
  if (actual.length === 0) throw new MetricError('The query returned no rows to score');
  const value = metric(actual, predicted);
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

import type { Metrics } from '../../../../protocol/api/kb-evaluations';
import { metric } from './settings';

const WIDTH = 640;
const HEIGHT = 220;
const AXIS = 28;
const TOP = 12;
const BOTTOM = 28;

/**
 * Grouped bars: one group per metric, one bar per setting (the legend names them), on a 0 to 1 scale. The
 * numbers are in the table beside it; the chart is for seeing at a glance which setting wins where.
 */
export function MetricsChart({
  metrics,
  series,
}: {
  metrics: { key: string; label: string }[];
  series: { label: string; metrics: Metrics | null }[];
}) {
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const groupWidth = (WIDTH - AXIS) / Math.max(1, metrics.length);
  const barWidth = Math.min(36, (groupWidth - 16) / Math.max(1, series.length));
  const y = (v: number) => TOP + plotHeight * (1 - Math.max(0, Math.min(1, v)));
  const summary = series
    .map(
      (s) =>
        `${s.label}: ${metrics.map((m) => `${m.label} ${metric(s.metrics, m.key)?.toFixed(2) ?? '–'}`).join(', ')}`,
    )
    .join('; ');
  return (
    <figure className="ev-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Metrics per setting. ${summary}`}>
        {[0, 0.25, 0.5, 0.75, 1].map((t) => (
          <g key={t}>
            <line className="ev-grid" x1={AXIS} x2={WIDTH} y1={y(t)} y2={y(t)} />
            <text className="ev-tick" x={AXIS - 4} y={y(t) + 4} textAnchor="end">
              {t}
            </text>
          </g>
        ))}
        {metrics.map((m, gi) => {
          const left = AXIS + gi * groupWidth + (groupWidth - barWidth * series.length) / 2;
          return (
            <g key={m.key}>
              {series.map((s, si) => {
                const value = metric(s.metrics, m.key) ?? 0;
                return (
                  <rect
                    key={si}
                    className={`ev-bar ev-series-${si}`}
                    data-metric={m.key}
                    data-value={value}
                    x={left + si * barWidth}
                    y={y(value)}
                    width={barWidth - 3}
                    height={Math.max(0, y(0) - y(value))}
                  >
                    <title>{`${s.label}: ${m.label} ${value.toFixed(3)}`}</title>
                  </rect>
                );
              })}
              <text
                className="ev-tick"
                x={AXIS + gi * groupWidth + groupWidth / 2}
                y={HEIGHT - 8}
                textAnchor="middle"
              >
                {m.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="ev-legend">
        {series.map((s, si) => (
          <span key={si} className="ev-legend-item">
            <span className={`ev-swatch ev-series-${si}`} aria-hidden="true" />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

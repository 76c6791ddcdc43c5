import type { SearchSettings } from '../../../../protocol/api/kb-evaluations';
import { SelectField, TextField } from '../../../components/field';
import { LIMITS, MODES } from './settings';

/** One search setting to evaluate: mode, hybrid weight, reranker and how many chunks come back. */
export function SettingsEditor({
  index,
  value,
  onChange,
  onRemove,
  hasReranker = true,
}: {
  index: number;
  value: SearchSettings;
  onChange: (next: SearchSettings) => void;
  onRemove?: () => void;
  /** Whether the KB has a reranking model: without one the reranker cannot be turned on. */
  hasReranker?: boolean;
}) {
  const label = `Setting ${index + 1}`;
  return (
    <fieldset className={`ev-setting ev-series-border-${index}`} aria-label={label}>
      <legend>{label}</legend>
      <SelectField
        label="Search"
        value={value.mode}
        onChange={(e) => onChange({ ...value, mode: e.target.value as SearchSettings['mode'] })}
      >
        {MODES.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </SelectField>
      {value.mode === 'hybrid' && (
        <TextField
          label="Vector weight (α)"
          type="number"
          min={0}
          max={1}
          step={0.1}
          value={value.alpha ?? 0.5}
          onChange={(e) => onChange({ ...value, alpha: Math.max(0, Math.min(1, Number(e.target.value))) })}
        />
      )}
      <SelectField
        label="Results (LIMIT)"
        value={value.limit}
        onChange={(e) => onChange({ ...value, limit: Number(e.target.value) })}
      >
        {[...new Set([...LIMITS, value.limit])]
          .sort((a, b) => a - b)
          .map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
      </SelectField>
      <label className="ev-check">
        <input
          type="checkbox"
          checked={value.rerank && hasReranker}
          disabled={!hasReranker}
          onChange={(e) => onChange({ ...value, rerank: e.target.checked })}
        />
        Reranker{!hasReranker && <span className="muted"> (this KB has no reranking model)</span>}
      </label>
      {onRemove && (
        <button
          type="button"
          className="btn btn-ghost"
          onClick={onRemove}
          aria-label={`Remove ${label.toLowerCase()}`}
        >
          Remove
        </button>
      )}
    </fieldset>
  );
}

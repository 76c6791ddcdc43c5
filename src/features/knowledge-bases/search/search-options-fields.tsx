import { useId } from 'react';
import {
  FILTER_OPS,
  type FilterOp,
  type MetadataFilter,
  type SearchMode,
  type SearchOptions,
} from '../../../api/knowledge-bases/search-options';

const MODES: { value: SearchMode; label: string; hint: string }[] = [
  { value: 'default', label: 'Server default', hint: 'hybrid for the local embedding, semantic otherwise' },
  { value: 'semantic', label: 'Semantic', hint: 'closeness of meaning (vectors) only' },
  { value: 'hybrid', label: 'Hybrid', hint: 'meaning and exact words, weighted by alpha' },
  { value: 'keyword', label: 'Keyword', hint: 'exact words (BM25) only' },
];

/** Search mode and alpha, a relevance threshold, and metadata filters, under "Try a search". */
export function SearchOptionsFields(props: {
  value: SearchOptions;
  onChange: (next: SearchOptions) => void;
  /** Metadata columns the KB declares, offered for the filters (any other name may be typed). */
  metadataColumns: string[];
}) {
  const { value, onChange, metadataColumns } = props;
  const id = useId();
  const set = (patch: Partial<SearchOptions>) => onChange({ ...value, ...patch });
  const setFilter = (i: number, patch: Partial<MetadataFilter>) =>
    set({ filters: value.filters.map((f, j) => (j === i ? { ...f, ...patch } : f)) });

  return (
    <div className="kb-search-options">
      <fieldset className="kb-search-mode">
        <legend>Search mode</legend>
        {MODES.map((m) => (
          <label key={m.value} title={m.hint}>
            <input
              type="radio"
              name={`${id}-mode`}
              value={m.value}
              checked={value.mode === m.value}
              onChange={() => set({ mode: m.value })}
            />
            {m.label}
          </label>
        ))}
      </fieldset>
      {value.mode === 'hybrid' && (
        <div className="field kb-search-alpha">
          <label htmlFor={`${id}-alpha`}>Alpha: {value.alpha.toFixed(2)}</label>
          <input
            id={`${id}-alpha`}
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={value.alpha}
            aria-describedby={`${id}-alpha-hint`}
            onChange={(e) => set({ alpha: Number(e.target.value) })}
          />
          <span id={`${id}-alpha-hint`} className="field-hint">
            0 ranks by exact words, 1 by meaning.
          </span>
        </div>
      )}
      <div className="field kb-search-threshold">
        <label htmlFor={`${id}-min`}>Minimum relevance</label>
        <input
          id={`${id}-min`}
          className="input"
          type="number"
          min={0}
          max={1}
          // Any value: a step would make the form refuse thresholds such as 0.33.
          step="any"
          placeholder="none"
          value={value.minRelevance ?? ''}
          onChange={(e) => set({ minRelevance: e.target.value === '' ? null : Number(e.target.value) })}
        />
      </div>
      <fieldset className="kb-search-filters">
        <legend>Metadata filters</legend>
        <datalist id={`${id}-columns`}>
          {metadataColumns.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        {value.filters.map((f, i) => (
          <div key={i} className="kb-search-filter" role="group" aria-label={`Filter ${i + 1}`}>
            <input
              className="input"
              aria-label="Metadata column"
              list={`${id}-columns`}
              value={f.column}
              spellCheck={false}
              onChange={(e) => setFilter(i, { column: e.target.value })}
            />
            <select
              className="input"
              aria-label="Comparison"
              value={f.op}
              onChange={(e) => setFilter(i, { op: e.target.value as FilterOp })}
            >
              {FILTER_OPS.map((op) => (
                <option key={op} value={op}>
                  {op}
                </option>
              ))}
            </select>
            <input
              className="input"
              aria-label="Value"
              value={f.value}
              onChange={(e) => setFilter(i, { value: e.target.value })}
            />
            <button
              type="button"
              className="btn btn-ghost"
              aria-label={`Remove filter ${i + 1}`}
              onClick={() => set({ filters: value.filters.filter((_, j) => j !== i) })}
            >
              ×
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() =>
            set({ filters: [...value.filters, { column: metadataColumns[0] ?? '', op: '=', value: '' }] })
          }
        >
          Add a filter
        </button>
      </fieldset>
    </div>
  );
}

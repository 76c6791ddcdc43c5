import { useId } from 'react';
import {
  FILTER_OPS,
  type FilterOp,
  type MetadataFilter,
  type SearchMode,
  type SearchOptions,
} from '../../../api/knowledge-bases/search-options';
import { Field, TextField } from '../../../components/field';
import { RadioChoices, type RadioChoice } from '../../../components/radio-choices';

const MODES: RadioChoice<SearchMode>[] = [
  { value: 'default', label: 'Server default', title: 'hybrid for the local embedding, semantic otherwise' },
  { value: 'semantic', label: 'Semantic', title: 'closeness of meaning (vectors) only' },
  { value: 'hybrid', label: 'Hybrid', title: 'meaning and exact words, weighted by alpha' },
  { value: 'keyword', label: 'Keyword', title: 'exact words (BM25) only' },
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
        <RadioChoices value={value.mode} choices={MODES} onChange={(mode) => set({ mode })} />
      </fieldset>
      {value.mode === 'hybrid' && (
        <Field
          boxClassName="kb-search-alpha"
          label={`Alpha: ${value.alpha.toFixed(2)}`}
          hint="0 ranks by exact words, 1 by meaning."
        >
          {(control) => (
            <input
              {...control}
              type="range"
              min={0}
              max={1}
              step={0.05}
              value={value.alpha}
              onChange={(e) => set({ alpha: Number(e.target.value) })}
            />
          )}
        </Field>
      )}
      <TextField
        boxClassName="kb-search-threshold"
        label="Minimum relevance"
        type="number"
        min={0}
        max={1}
        // Any value: a step would make the form refuse thresholds such as 0.33.
        step="any"
        placeholder="none"
        value={value.minRelevance ?? ''}
        onChange={(e) => set({ minRelevance: e.target.value === '' ? null : Number(e.target.value) })}
      />
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

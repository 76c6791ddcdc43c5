import { useId } from 'react';
import { fieldError } from '../../components/field-errors';
import { ListInput } from '../../components/list-input';
import { modelFieldErrors } from '../../components/model-fields/model-errors';
import { FieldError, ModelFields } from '../../components/model-fields/model-fields';
import { DEFAULT_CHUNK_OVERLAP, DEFAULT_CHUNK_SIZE, FIELD, type KbDraft } from './kb-draft';

/** Model names to suggest; the first of each is what the server uses when the field is empty. */
const EMBEDDING_MODELS: Record<string, string[]> = {
  local: ['lexical-hash-v1'],
  openai: ['text-embedding-3-small', 'text-embedding-3-large'],
  ollama: ['nomic-embed-text', 'mxbai-embed-large'],
};
const RERANKING_MODELS: Record<string, string[]> = {
  local: ['lexical-overlap-v1'],
  openai: ['gpt-4o-mini', 'gpt-4o'],
  ollama: ['llama3.2'],
};

export interface KbSettingsFieldsProps {
  draft: KbDraft;
  onChange: (next: KbDraft) => void;
  /** Problems found before asking the server, keyed by request path. */
  errors: Record<string, string>;
  /** The server's answer to the last save, placed beside the field it names. */
  serverError: unknown;
  lockedReason?: string;
  savedKeys: { embedding: boolean; reranking: boolean };
  /** Column names of a source table, offered while typing. */
  columnSuggestions?: string[];
  /** Says that column and chunking changes apply to rows inserted from now on. */
  holdsVectors?: boolean;
}

/** The settings of a KB: models, columns, chunking. Shared by the create page and the settings tab. */
export function KbSettingsFields(props: KbSettingsFieldsProps) {
  const { draft, onChange, errors, serverError, lockedReason, savedKeys, columnSuggestions, holdsVectors } =
    props;
  const id = useId();
  const set = (patch: Partial<KbDraft>) => onChange({ ...draft, ...patch });
  const err = (path: string) => errors[path] ?? fieldError(serverError, path);
  const laterNote = holdsVectors
    ? ' Applies to rows inserted from now on; stored chunks stay as they are.'
    : '';

  return (
    <>
      <ModelFields
        legend="Embedding model"
        value={draft.embedding}
        onChange={(embedding) => set({ embedding })}
        savedKey={savedKeys.embedding}
        suggestions={EMBEDDING_MODELS}
        lockedReason={lockedReason}
        errors={modelFieldErrors(serverError, 'embedding_model')}
      />
      <ModelFields
        legend="Reranking model"
        value={draft.reranking}
        onChange={(reranking) => set({ reranking })}
        savedKey={savedKeys.reranking}
        suggestions={RERANKING_MODELS}
        collapsed={!draft.rerank}
        errors={modelFieldErrors(serverError, 'reranking_model')}
        intro={
          <div className="kb-switch">
            <label className="kb-check">
              <input
                type="checkbox"
                checked={draft.rerank}
                aria-describedby={`${id}-rerank-hint`}
                onChange={(e) => set({ rerank: e.target.checked })}
              />
              Rerank search results
            </label>
            <span id={`${id}-rerank-hint`} className="field-hint">
              {draft.rerank
                ? 'A second model scores each result; relevance is its score. The local reranker applies to semantic searches only, not hybrid ones.'
                : 'None: results are ranked by vector distance alone.'}
            </span>
          </div>
        }
      />
      <fieldset className="rp-section">
        <legend>Columns</legend>
        <p className="field-hint kb-section-hint">
          Which columns of the rows you insert hold the text to embed, the metadata to filter on, and the row
          id.{laterNote}
        </p>
        <div className="field">
          <label htmlFor={`${id}-content`}>Content columns</label>
          <ListInput
            id={`${id}-content`}
            itemName="content column"
            value={draft.content_columns}
            onChange={(content_columns) => set({ content_columns })}
            placeholder="content"
            suggestions={columnSuggestions}
            describedBy={`${id}-content-hint`}
            invalid={!!err(FIELD.content)}
          />
          <span id={`${id}-content-hint`} className="field-hint">
            Each becomes its own document. Empty means the column named content.
          </span>
          <FieldError message={err(FIELD.content)} />
        </div>
        <div className="field">
          {draft.metadata_columns === null ? (
            <span className="field-label">Metadata columns</span>
          ) : (
            <label htmlFor={`${id}-metadata`}>Metadata columns</label>
          )}
          <label className="kb-check kb-check-inline">
            <input
              type="checkbox"
              checked={draft.metadata_columns === null}
              aria-describedby={`${id}-metadata-hint`}
              onChange={(e) => set({ metadata_columns: e.target.checked ? null : [] })}
            />
            Every column that is not content or id
          </label>
          {draft.metadata_columns !== null && (
            <ListInput
              id={`${id}-metadata`}
              itemName="metadata column"
              value={draft.metadata_columns}
              onChange={(metadata_columns) => set({ metadata_columns })}
              placeholder="None: type column names to keep"
              suggestions={columnSuggestions}
              describedBy={`${id}-metadata-hint`}
              invalid={!!err(FIELD.metadata)}
            />
          )}
          <span id={`${id}-metadata-hint`} className="field-hint">
            Kept with every chunk, shown in results and usable in WHERE.
          </span>
          <FieldError message={err(FIELD.metadata)} />
        </div>
        <div className="field kb-narrow">
          <label htmlFor={`${id}-idcol`}>ID column</label>
          <input
            id={`${id}-idcol`}
            className="input"
            value={draft.id_column}
            placeholder="id"
            list={columnSuggestions?.length ? `${id}-idcol-options` : undefined}
            spellCheck={false}
            aria-invalid={!!err(FIELD.id) || undefined}
            aria-describedby={`${id}-idcol-hint`}
            onChange={(e) => set({ id_column: e.target.value })}
          />
          {!!columnSuggestions?.length && (
            <datalist id={`${id}-idcol-options`}>
              {columnSuggestions.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          )}
          <span id={`${id}-idcol-hint`} className="field-hint">
            Inserting a row with an id that exists replaces its chunks.
          </span>
          <FieldError message={err(FIELD.id)} />
        </div>
      </fieldset>
      <fieldset className="rp-section">
        <legend>Chunking</legend>
        <p className="field-hint kb-section-hint">
          Long text is split at paragraph, line and word breaks into chunks of at most this many characters.
          {laterNote}
        </p>
        <div className="rp-grid">
          <NumberField
            id={`${id}-size`}
            label="Chunk size"
            value={draft.chunk_size}
            placeholder={`${DEFAULT_CHUNK_SIZE} (default)`}
            error={err(FIELD.chunkSize)}
            onChange={(chunk_size) => set({ chunk_size })}
          />
          <NumberField
            id={`${id}-overlap`}
            label="Chunk overlap"
            value={draft.chunk_overlap}
            placeholder={`${DEFAULT_CHUNK_OVERLAP} (default)`}
            error={err(FIELD.chunkOverlap)}
            onChange={(chunk_overlap) => set({ chunk_overlap })}
          />
        </div>
      </fieldset>
    </>
  );
}

function NumberField(props: {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  const { id, label, value, placeholder, error, onChange } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={value}
        placeholder={placeholder}
        aria-invalid={!!error || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

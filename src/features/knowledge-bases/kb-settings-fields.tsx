import { useId } from 'react';
import { fieldError } from '../../components/field-errors';
import { ListInput } from '../../components/list-input';
import { modelFieldErrors } from '../../components/model-fields/model-errors';
import { Field, FieldError, TextField } from '../../components/field';
import type { ModelDraft } from '../../components/model-fields/model-draft';
import { ModelFields } from '../../components/model-fields/model-fields';
import { DEFAULT_CHUNK_OVERLAP, DEFAULT_CHUNK_SIZE, FIELD, type KbDraft } from './kb-draft';

/** The two models of a KB, as its draft and its saved keys name them. */
type KbModel = 'embedding' | 'reranking';

/** Model names to suggest per provider; the first of each is what the server uses when the field is empty. */
const SUGGESTED_MODELS: Record<KbModel, Record<string, string[]>> = {
  embedding: {
    local: ['lexical-hash-v1'],
    openai: ['text-embedding-3-small', 'text-embedding-3-large'],
    ollama: ['nomic-embed-text', 'mxbai-embed-large'],
  },
  reranking: {
    local: ['lexical-overlap-v1'],
    openai: ['gpt-4o-mini', 'gpt-4o'],
    ollama: ['llama3.2'],
  },
};

/** Whole numbers of characters; left empty, the server's default applies (shown as the placeholder). */
const CHUNKING = [
  { key: 'chunk_size', label: 'Chunk size', serverDefault: DEFAULT_CHUNK_SIZE, path: FIELD.chunkSize },
  {
    key: 'chunk_overlap',
    label: 'Chunk overlap',
    serverDefault: DEFAULT_CHUNK_OVERLAP,
    path: FIELD.chunkOverlap,
  },
] as const;

export interface KbSettingsFieldsProps {
  draft: KbDraft;
  onChange: (next: KbDraft) => void;
  /** Problems found before asking the server, keyed by request path. */
  errors: Record<string, string>;
  /** The server's answer to the last save, placed beside the field it names. */
  serverError: unknown;
  lockedReason?: string;
  savedKeys: Record<KbModel, boolean>;
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
  /** Both models are kept in the draft, and named in the server's errors, the same way. */
  const modelProps = (model: KbModel) => ({
    value: draft[model],
    onChange: (next: ModelDraft) => set({ [model]: next }),
    savedKey: savedKeys[model],
    suggestions: SUGGESTED_MODELS[model],
    errors: modelFieldErrors(serverError, `${model}_model`),
  });
  const laterNote = holdsVectors
    ? ' Applies to rows inserted from now on; stored chunks stay as they are.'
    : '';

  return (
    <>
      <ModelFields legend="Embedding model" lockedReason={lockedReason} {...modelProps('embedding')} />
      <ModelFields
        legend="Reranking model"
        collapsed={!draft.rerank}
        {...modelProps('reranking')}
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
        <Field
          label="Content columns"
          hint="Each becomes its own document. Empty means the column named content."
          error={err(FIELD.content)}
        >
          {(control) => (
            <ListInput
              id={control.id}
              itemName="content column"
              value={draft.content_columns}
              onChange={(content_columns) => set({ content_columns })}
              placeholder="content"
              suggestions={columnSuggestions}
              describedBy={control['aria-describedby']}
              invalid={control['aria-invalid']}
            />
          )}
        </Field>
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
        <TextField
          boxClassName="kb-narrow"
          label="ID column"
          value={draft.id_column}
          placeholder="id"
          suggestions={columnSuggestions}
          spellCheck={false}
          hint="Inserting a row with an id that exists replaces its chunks."
          error={err(FIELD.id)}
          onChange={(e) => set({ id_column: e.target.value })}
        />
      </fieldset>
      <fieldset className="rp-section">
        <legend>Chunking</legend>
        <p className="field-hint kb-section-hint">
          Long text is split at paragraph, line and word breaks into chunks of at most this many characters.
          {laterNote}
        </p>
        <div className="rp-grid">
          {CHUNKING.map((c) => (
            <TextField
              key={c.key}
              label={c.label}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={draft[c.key]}
              placeholder={`${c.serverDefault} (default)`}
              error={err(c.path)}
              onChange={(e) => set({ [c.key]: e.target.value })}
            />
          ))}
        </div>
      </fieldset>
    </>
  );
}

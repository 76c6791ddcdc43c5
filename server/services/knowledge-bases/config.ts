import { DEFAULT_CHUNKING, validateChunking, type ChunkingConfig } from '../chunking/text-chunker';
import { MAX_METADATA_NAMES } from '../../engines/vector-schema';
import { ValidationError } from '../../errors';
import { mergeModelConfig, readModelConfig, withDefaultCredentials } from '../model-config';
import type {
  KbSettings,
  KnowledgeBaseInput,
  ModelConfig,
  Preprocessing,
} from '../../domain/knowledge-bases';

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export function validateName(name: unknown): string {
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw new ValidationError(
      `Knowledge base name ${JSON.stringify(name ?? '')} is not valid: use letters, digits and _ (not first), at most 63`,
      'name',
    );
  }
  return name;
}

/** Fields may come at the top of the input or under `params`; the top wins. */
export function flattenInput(input: KnowledgeBaseInput): KnowledgeBaseInput {
  const params = input.params && typeof input.params === 'object' ? input.params : {};
  const top = Object.fromEntries(Object.entries(input).filter(([k, v]) => k !== 'params' && v !== undefined));
  return { ...(params as KnowledgeBaseInput), ...top };
}

/**
 * Most columns a knowledge base may name in one list. Every column is a field of every stored chunk and a
 * filter the search may be asked for; thousands of them is a mistake, and an unbounded list is CPU spent on
 * the one thread that serves every request.
 */
export const MAX_KB_COLUMNS = MAX_METADATA_NAMES;

function columnList(value: unknown, field: string, allowEmpty: boolean): string[] {
  if (!Array.isArray(value)) throw new ValidationError(`${field} must be a list of column names`, field);
  if (value.length > MAX_KB_COLUMNS) {
    throw new ValidationError(
      `${field} names ${value.length} columns; a knowledge base takes at most ${MAX_KB_COLUMNS}`,
      field,
    );
  }
  if (value.some((c) => typeof c !== 'string' || c.trim() === '')) {
    throw new ValidationError(`${field} must be a list of column names`, field);
  }
  if (!allowEmpty && value.length === 0)
    throw new ValidationError(`${field} needs at least one column`, field);
  const seen = new Set<string>();
  for (const column of value as string[]) {
    const lower = column.toLowerCase();
    if (seen.has(lower)) throw new ValidationError(`${field} names '${lower}' twice`, field);
    seen.add(lower);
  }
  return [...(value as string[])];
}

function modelObject(value: unknown, field: string): Partial<ModelConfig> {
  return readModelConfig(value, field);
}

/**
 * `current` updated by `patch` (masked or null values in the patch keep what is stored; a new address or
 * provider forgets the stored key unless the patch gives one).
 */
export function mergeModel(
  current: ModelConfig | null,
  patch: Partial<ModelConfig>,
  field: string,
): ModelConfig {
  const merged: Record<string, unknown> = mergeModelConfig(current, patch);
  if (typeof merged.provider !== 'string' || merged.provider === '') {
    throw new ValidationError(`${field} needs a provider`, field);
  }
  merged.provider = merged.provider.toLowerCase();
  return merged as ModelConfig;
}

function preprocessingOf(value: unknown): Preprocessing | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError('preprocessing must be an object', 'preprocessing');
  }
  const p = value as Preprocessing;
  const unknown = Object.keys(p).filter((k) => k !== 'text_chunking_config' && k !== 'type');
  if ((p.type !== undefined && p.type !== 'text_chunking') || unknown.length > 0) {
    throw new ValidationError(
      'preprocessing supports only {"text_chunking_config": {"chunk_size": n, "chunk_overlap": n}}',
      'preprocessing',
    );
  }
  chunkingOf(p); // validates
  return p;
}

/** The chunker settings of a knowledge base's preprocessing. */
export function chunkingOf(preprocessing: Preprocessing | null | undefined): ChunkingConfig {
  const config = preprocessing?.text_chunking_config ?? {};
  const chunking: ChunkingConfig = {
    ...DEFAULT_CHUNKING,
    chunkSize: config.chunk_size ?? DEFAULT_CHUNKING.chunkSize,
    chunkOverlap:
      config.chunk_overlap ?? Math.min(DEFAULT_CHUNKING.chunkOverlap, (config.chunk_size ?? 1000) - 1),
  };
  try {
    validateChunking(chunking);
  } catch (err) {
    throw new ValidationError(`preprocessing: ${(err as Error).message}`, 'preprocessing');
  }
  return chunking;
}

/** The instance's default models a new knowledge base is given where it names none (copies: the KB keeps them). */
export interface KbDefaultModels {
  embedding: ModelConfig;
  reranking: ModelConfig | null;
}

/**
 * Settings for a new knowledge base, defaults filled in as MindsDB fills them: no embedding model takes the
 * default one; no reranking model (left out) takes the default one if set, while `false` or null asks for
 * none; a model of the default's provider without an address takes the default's address and key.
 */
export function settingsForCreate(input: KnowledgeBaseInput, defaults: KbDefaultModels): KbSettings {
  const embedding = input.embedding_model
    ? withDefaultCredentials(
        mergeModel(null, modelObject(input.embedding_model, 'embedding_model'), 'embedding_model'),
        defaults.embedding,
      )
    : { ...defaults.embedding };
  const rerank = input.reranking_model;
  let reranking: ModelConfig | null = null;
  if (rerank === undefined) reranking = defaults.reranking && { ...defaults.reranking };
  else if (rerank !== null && rerank !== false) {
    reranking = mergeModel(null, modelObject(rerank, 'reranking_model'), 'reranking_model');
    if (defaults.reranking) reranking = withDefaultCredentials(reranking, defaults.reranking);
  }
  return {
    embedding_model: embedding,
    reranking_model: reranking,
    metadata_columns:
      input.metadata_columns == null ? null : columnList(input.metadata_columns, 'metadata_columns', true),
    content_columns:
      input.content_columns == null
        ? ['content']
        : columnList(input.content_columns, 'content_columns', false),
    id_column: idColumnOf(input.id_column),
    preprocessing: preprocessingOf(input.preprocessing),
  };
}

function idColumnOf(value: unknown): string {
  if (value === undefined || value === null) return 'id';
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ValidationError('id_column must be a column name', 'id_column');
  }
  return value;
}

/** What decides the vectors: a KB that holds vectors cannot change it. */
function vectorIdentity(model: ModelConfig): string {
  return JSON.stringify([model.provider.toLowerCase(), model.model_name ?? null, model.dimensions ?? null]);
}

/**
 * Settings after an alter. `chunks` is how many vectors the KB holds: with any, the embedding model's
 * provider, model and dimensions are fixed (stored vectors would no longer match new queries).
 */
export function settingsForAlter(
  current: KbSettings,
  input: KnowledgeBaseInput,
  chunks: number,
  kbName: string,
) {
  const next: KbSettings = { ...current };
  if (input.embedding_model !== undefined && input.embedding_model !== null) {
    next.embedding_model = mergeModel(
      current.embedding_model,
      modelObject(input.embedding_model, 'embedding_model'),
      'embedding_model',
    );
    if (chunks > 0 && vectorIdentity(next.embedding_model) !== vectorIdentity(current.embedding_model)) {
      throw new ValidationError(
        `Knowledge base '${kbName}' holds ${chunks} chunks embedded with ${current.embedding_model.provider}` +
          `/${current.embedding_model.model_name ?? 'default'}; its embedding provider and model cannot change ` +
          '(only api_key or base_url). Create a new knowledge base for another model.',
        'embedding_model',
      );
    }
  }
  if (input.reranking_model === false || input.reranking_model === null) next.reranking_model = null;
  else if (input.reranking_model !== undefined) {
    next.reranking_model = mergeModel(
      current.reranking_model,
      modelObject(input.reranking_model, 'reranking_model'),
      'reranking_model',
    );
  }
  if (input.metadata_columns !== undefined) {
    next.metadata_columns =
      input.metadata_columns === null ? null : columnList(input.metadata_columns, 'metadata_columns', true);
  }
  if (input.content_columns !== undefined) {
    next.content_columns = columnList(input.content_columns, 'content_columns', false);
  }
  if (input.id_column !== undefined) next.id_column = idColumnOf(input.id_column);
  if (input.preprocessing !== undefined) next.preprocessing = preprocessingOf(input.preprocessing);
  return next;
}

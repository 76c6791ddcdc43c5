import type { KnowledgeBase, KnowledgeBaseInput, ModelConfig } from '../../../protocol/api/knowledge-bases';
import { objectNamePattern } from '../../../protocol/api/files';
import {
  describeModel,
  modelChanges,
  modelDraftFrom,
  modelInput,
  modelPatch,
  type Change,
  type ModelDraft,
} from '../../components/model-fields/model-draft';

/** Defaults the server applies when a KB names no chunking (api.md, Inserting). */
export const DEFAULT_CHUNK_SIZE = 1000;
export const DEFAULT_CHUNK_OVERLAP = 200;

/** The settings form's state. Numbers stay text while typed, so a half-typed value is not lost. */
export interface KbDraft {
  name: string;
  embedding: ModelDraft;
  rerank: boolean;
  reranking: ModelDraft;
  content_columns: string[];
  /** null: every column that is neither content nor id is kept as metadata (the server's default). */
  metadata_columns: string[] | null;
  id_column: string;
  chunk_size: string;
  chunk_overlap: string;
}

/** Request paths of the fields, as the server names them in its errors. */
export const FIELD = {
  name: 'name',
  content: 'content_columns',
  metadata: 'metadata_columns',
  id: 'id_column',
  chunkSize: 'preprocessing.text_chunking_config.chunk_size',
  chunkOverlap: 'preprocessing.text_chunking_config.chunk_overlap',
} as const;

/** Every request path the KB forms show errors beside; anything else is shown above the save bar. */
export const PLACED_FIELDS = [
  'name',
  'embedding_model',
  'reranking_model',
  'content_columns',
  'metadata_columns',
  'id_column',
  'preprocessing',
];

const record = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** The chunking a KB was given: at the top (ours) or under `params` (MindsDB keeps it there). */
function chunkingOf(kb: KnowledgeBase): { chunk_size?: number; chunk_overlap?: number } {
  const pre = record(kb.preprocessing) ?? record(kb.params?.preprocessing);
  const config = record(pre?.text_chunking_config) ?? {};
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  return { chunk_size: num(config.chunk_size), chunk_overlap: num(config.chunk_overlap) };
}

/** A reranker counts as set when the object names something; `null`, `false` and `{}` all mean none. */
export function hasReranker(model: unknown): model is ModelConfig {
  const m = record(model);
  return !!m && (typeof m.provider === 'string' || typeof m.model_name === 'string');
}

export function emptyDraft(): KbDraft {
  return {
    name: '',
    embedding: modelDraftFrom(null),
    rerank: false,
    reranking: modelDraftFrom(null),
    content_columns: ['content'],
    metadata_columns: null,
    id_column: 'id',
    chunk_size: '',
    chunk_overlap: '',
  };
}

/** A setting at the top of the object (ours) or, when absent there, under `params` (where MindsDB keeps it). */
export function settingOf<K extends keyof KnowledgeBase>(
  kb: KnowledgeBase,
  key: K,
): KnowledgeBase[K] | undefined {
  return kb[key] ?? (kb.params?.[key] as KnowledgeBase[K] | undefined);
}

const stringList = (v: unknown): string[] | null =>
  Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : null;

export function draftFromKb(kb: KnowledgeBase): KbDraft {
  const chunking = chunkingOf(kb);
  const embedding = settingOf(kb, 'embedding_model');
  const reranking = settingOf(kb, 'reranking_model');
  const content = stringList(settingOf(kb, 'content_columns'));
  const idColumn = settingOf(kb, 'id_column');
  return {
    name: kb.name,
    embedding: modelDraftFrom(embedding),
    rerank: hasReranker(reranking),
    reranking: modelDraftFrom(hasReranker(reranking) ? reranking : null),
    content_columns: content?.length ? content : ['content'],
    metadata_columns: stringList(settingOf(kb, 'metadata_columns')),
    id_column: typeof idColumn === 'string' ? idColumn : '',
    chunk_size: chunking.chunk_size?.toString() ?? '',
    chunk_overlap: chunking.chunk_overlap?.toString() ?? '',
  };
}

const toInt = (s: string) => (s.trim() === '' ? undefined : Number(s));

/** Problems the form can see before asking the server, keyed by request path. */
export function validateDraft(draft: KbDraft, creating: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (creating && !draft.name) errors[FIELD.name] = 'Give the knowledge base a name.';
  else if (creating && !objectNamePattern.test(draft.name))
    errors[FIELD.name] = 'Use letters, digits and _, starting with a letter or _.';
  const size = toInt(draft.chunk_size);
  const overlap = toInt(draft.chunk_overlap);
  if (size !== undefined && (!Number.isInteger(size) || size < 1))
    errors[FIELD.chunkSize] = 'A whole number of characters, at least 1.';
  if (overlap !== undefined && (!Number.isInteger(overlap) || overlap < 0))
    errors[FIELD.chunkOverlap] = 'A whole number of characters, 0 or more.';
  else if (overlap !== undefined && overlap >= (size ?? DEFAULT_CHUNK_SIZE))
    errors[FIELD.chunkOverlap] = 'The overlap must be smaller than the chunk size.';
  return errors;
}

function chunkingInput(draft: KbDraft): KnowledgeBaseInput['preprocessing'] {
  const config: { chunk_size?: number; chunk_overlap?: number } = {};
  const size = toInt(draft.chunk_size);
  const overlap = toInt(draft.chunk_overlap);
  if (size !== undefined) config.chunk_size = size;
  if (overlap !== undefined) config.chunk_overlap = overlap;
  return Object.keys(config).length ? { text_chunking_config: config } : undefined;
}

/** The body of a create: empty settings are left out so the server applies its defaults. */
export function createInput(draft: KbDraft): KnowledgeBaseInput & { name: string } {
  const input: KnowledgeBaseInput & { name: string } = {
    name: draft.name,
    embedding_model: modelInput(draft.embedding),
  };
  if (draft.rerank) input.reranking_model = modelInput(draft.reranking);
  if (draft.content_columns.length) input.content_columns = draft.content_columns;
  if (draft.metadata_columns) input.metadata_columns = draft.metadata_columns;
  if (draft.id_column.trim()) input.id_column = draft.id_column.trim();
  const preprocessing = chunkingInput(draft);
  if (preprocessing) input.preprocessing = preprocessing;
  return input;
}

const sameList = (a: string[] | null, b: string[] | null) =>
  a === null || b === null ? a === b : a.length === b.length && a.every((x, i) => x === b[i]);
const listText = (a: string[] | null, empty: string, all = '') =>
  a === null ? all : a.length ? a.join(', ') : empty;

/** Content columns as the server needs them: at least one; an emptied list means the default again. */
export const contentOf = (draft: KbDraft) =>
  draft.content_columns.length ? draft.content_columns : ['content'];

/**
 * The body of an update: only the settings that changed, so the server keeps everything else. Settings go
 * under `params`, where MindsDB reads them (it ignores them at the top of `knowledge_base`) and where our
 * server reads them too; chunking goes at the top as `preprocessing`, where both read it. Model objects go
 * whole (see `modelPatch`).
 */
export function updateInput(kb: KnowledgeBase, draft: KbDraft): KnowledgeBaseInput {
  const saved = draftFromKb(kb);
  const params: Record<string, unknown> = {};
  const embedding = modelPatch(settingOf(kb, 'embedding_model'), draft.embedding);
  if (embedding) params.embedding_model = embedding;
  if (saved.rerank && !draft.rerank) params.reranking_model = false;
  else if (!saved.rerank && draft.rerank) params.reranking_model = modelInput(draft.reranking);
  else if (draft.rerank) {
    const patch = modelPatch(settingOf(kb, 'reranking_model'), draft.reranking);
    if (patch) params.reranking_model = patch;
  }
  if (!sameList(saved.content_columns, contentOf(draft))) params.content_columns = contentOf(draft);
  // null means "every other column" again.
  if (!sameList(saved.metadata_columns, draft.metadata_columns))
    params.metadata_columns = draft.metadata_columns;
  if (saved.id_column !== draft.id_column.trim()) params.id_column = draft.id_column.trim();
  const input: KnowledgeBaseInput = Object.keys(params).length ? { params } : {};
  if (saved.chunk_size !== draft.chunk_size.trim() || saved.chunk_overlap !== draft.chunk_overlap.trim()) {
    // A cleared field means the default again: say so explicitly, or the server would keep the old value.
    input.preprocessing = {
      text_chunking_config: {
        chunk_size: toInt(draft.chunk_size) ?? DEFAULT_CHUNK_SIZE,
        chunk_overlap: toInt(draft.chunk_overlap) ?? DEFAULT_CHUNK_OVERLAP,
      },
    };
  }
  return input;
}

/** The "what will change" summary shown before saving; never contains a typed key. */
export function kbChanges(kb: KnowledgeBase, draft: KbDraft): Change[] {
  const saved = draftFromKb(kb);
  const changes: Change[] = [
    ...modelChanges('Embedding model', settingOf(kb, 'embedding_model'), draft.embedding),
  ];
  if (saved.rerank !== draft.rerank || draft.rerank) {
    if (!draft.rerank)
      changes.push({
        label: 'Reranking model',
        from: describeModel(settingOf(kb, 'reranking_model')),
        to: 'none',
      });
    else if (!saved.rerank)
      changes.push({
        label: 'Reranking model',
        from: 'none',
        to: describeModel({ provider: draft.reranking.provider, model_name: draft.reranking.model_name }),
      });
    else changes.push(...modelChanges('Reranking model', settingOf(kb, 'reranking_model'), draft.reranking));
  }
  if (!sameList(saved.content_columns, contentOf(draft)))
    changes.push({
      label: 'Content columns',
      from: listText(saved.content_columns, 'content'),
      to: listText(contentOf(draft), 'content'),
    });
  if (!sameList(saved.metadata_columns, draft.metadata_columns)) {
    const all = 'every other column';
    changes.push({
      label: 'Metadata columns',
      from: listText(saved.metadata_columns, 'none', all),
      to: listText(draft.metadata_columns, 'none', all),
    });
  }
  if (saved.id_column !== draft.id_column.trim())
    changes.push({ label: 'ID column', from: saved.id_column || 'id (default)', to: draft.id_column.trim() });
  const sizes: [string, string, string, number][] = [
    ['Chunk size', saved.chunk_size, draft.chunk_size.trim(), DEFAULT_CHUNK_SIZE],
    ['Chunk overlap', saved.chunk_overlap, draft.chunk_overlap.trim(), DEFAULT_CHUNK_OVERLAP],
  ];
  for (const [label, from, to, def] of sizes)
    if (from !== to) changes.push({ label, from: from || `${def} (default)`, to: to || `${def} (default)` });
  return changes;
}

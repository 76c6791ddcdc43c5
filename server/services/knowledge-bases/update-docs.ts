import { CHUNK_METADATA_KEYS } from '../../../protocol/api/knowledge-bases';
import type { JsonValue } from '../../engines/duckdb';
import type { StoredChunk, VectorStore } from '../../engines/vector-store';
import { ValidationError } from '../../errors';
import type { EmbeddingProvider } from '../../providers/types';
import type { ChunkingConfig } from '../chunking/text-chunker';
import { chunkDocument, chunkRecords, toJsonValue, type KbChunk } from './documents';
import type { FilterNode } from '../../domain/knowledge-bases';
import type { StoredKb } from '../../store/knowledge-bases';
import { chunkingOf } from './config';
import type { KbModels } from './models';

/** Most documents one UPDATE may change: each is re-chunked or re-embedded in memory before anything is written. */
export const MAX_UPDATE_DOCUMENTS = 10_000;
/** Most matching chunks read to find those documents. */
const MAX_MATCHED_CHUNKS = 200_000;

/** What `UPDATE kb SET ...` asks for, read from its SET list. */
export interface DocumentChanges {
  /** New text per content column. */
  content: Map<string, string>;
  /** `metadata = {...}`: the row's whole metadata replaced. */
  metadata?: Record<string, JsonValue>;
  /** `col = value`: single metadata values set. */
  values: Map<string, JsonValue>;
}

export interface UpdateContext {
  store: VectorStore;
  table: string;
  kbName: string;
  contentColumns: readonly string[];
  idColumn: string;
  declaredMetadata: readonly string[] | null;
  embedder: EmbeddingProvider;
  chunking: ChunkingConfig;
}

/** The context of an UPDATE of a stored KB: its table, columns, embedding model and chunking. */
export function updateContext(stored: StoredKb, store: VectorStore, models: KbModels): UpdateContext {
  return {
    store,
    table: stored.kb.vector_database_table,
    kbName: stored.kb.name,
    contentColumns: stored.settings.content_columns,
    idColumn: stored.settings.id_column,
    declaredMetadata: stored.settings.metadata_columns,
    embedder: models.embedder(stored.settings.embedding_model),
    chunking: chunkingOf(stored.settings.preprocessing),
  };
}

/** Reads a SET list into changes, refusing columns that cannot be set and values of the wrong kind. */
export function readChanges(
  ctx: Pick<UpdateContext, 'kbName' | 'contentColumns' | 'idColumn' | 'declaredMetadata'>,
  set: readonly { column: string; value: unknown }[],
): DocumentChanges {
  const changes: DocumentChanges = { content: new Map(), values: new Map() };
  const contentColumns = new Map(ctx.contentColumns.map((c) => [c.toLowerCase(), c]));
  for (const { column, value } of set) {
    const lower = column.toLowerCase();
    if (lower === 'id' || lower === ctx.idColumn.toLowerCase() || lower === 'chunk_id') {
      throw new ValidationError(
        `'${column}' cannot be changed by UPDATE: insert the row under its new id, then delete the old one`,
        column,
      );
    }
    const contentColumn =
      contentColumns.get(lower) ??
      (lower === 'content' || lower === 'chunk_content'
        ? ctx.contentColumns.length === 1
          ? ctx.contentColumns[0]
          : undefined
        : undefined);
    if (contentColumn !== undefined) {
      if (typeof value !== 'string' || value.trim() === '')
        throw new ValidationError(`'${column}' must be set to a non-empty text`, column);
      changes.content.set(contentColumn, value);
    } else if (lower === 'content' || lower === 'chunk_content') {
      throw new ValidationError(
        `Knowledge base '${ctx.kbName}' takes its text from ${ctx.contentColumns.join(', ')}: set one of them`,
        column,
      );
    } else if (lower === 'metadata') {
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        throw new ValidationError(`metadata must be set to an object such as {"author": "ann"}`, column);
      changes.metadata = toJsonValue(value) as Record<string, JsonValue>;
    } else {
      if (CHUNK_METADATA_KEYS.has(lower))
        throw new ValidationError(`'${column}' is kept by the chunker`, column);
      if (ctx.declaredMetadata && !ctx.declaredMetadata.some((m) => m.toLowerCase() === lower)) {
        throw new ValidationError(
          `Unknown column '${column}' in knowledge base '${ctx.kbName}' (it keeps the metadata columns ` +
            `${ctx.declaredMetadata.join(', ') || 'none'})`,
          column,
        );
      }
      changes.values.set(column, toJsonValue(value));
    }
  }
  return changes;
}

function userMetadataOf(chunk: StoredChunk): Record<string, JsonValue> {
  return Object.fromEntries(Object.entries(chunk.metadata).filter(([k]) => !CHUNK_METADATA_KEYS.has(k)));
}

function applyMetadata(
  current: Record<string, JsonValue>,
  changes: DocumentChanges,
): Record<string, JsonValue> {
  const next = { ...(changes.metadata ?? current) };
  for (const [key, value] of changes.values) next[key] = value;
  return next;
}

/** A stored chunk kept as it is, with the document's new metadata (the chunker's keys win, as on insert). */
function keptChunk(chunk: StoredChunk, metadata: Record<string, JsonValue>): KbChunk {
  const own = Object.fromEntries(Object.entries(chunk.metadata).filter(([k]) => CHUNK_METADATA_KEYS.has(k)));
  return {
    chunkId: chunk.chunkId,
    docId: chunk.docId,
    content: chunk.content,
    metadata: { ...metadata, ...own } as KbChunk['metadata'],
    userMetadata: metadata,
  };
}

/** The new chunks of one document: changed content columns chunked afresh, the others kept. */
function rebuild(chunks: StoredChunk[], changes: DocumentChanges, ctx: UpdateContext): KbChunk[] {
  const metadata = applyMetadata(userMetadataOf(chunks[0]), changes);
  const byColumn = new Map<string, StoredChunk[]>();
  for (const c of chunks) {
    const column = String(c.metadata.content_column ?? ctx.contentColumns[0]);
    byColumn.set(column, [...(byColumn.get(column) ?? []), c]);
  }
  const rowIndex = Number(chunks[0].metadata.original_row_index ?? 0);
  const originalId = chunks[0].metadata.original_doc_id;
  const out: KbChunk[] = [];
  for (const column of new Set([...byColumn.keys(), ...changes.content.keys()])) {
    const text = changes.content.get(column);
    if (text === undefined) {
      for (const c of byColumn.get(column) ?? []) out.push(keptChunk(c, metadata));
      continue;
    }
    const doc = { id: chunks[0].docId, contentColumn: column, text, rowIndex, metadata };
    for (const chunk of chunkDocument(doc, ctx.chunking)) {
      // The stored id keeps its type (an integer id stays an integer), as the insert wrote it.
      if (originalId !== undefined) chunk.metadata.original_doc_id = originalId as string;
      out.push(chunk);
    }
  }
  return out;
}

/**
 * Applies changes to every document that has a chunk matching `filters`, all at once: the new chunks are built
 * and embedded first, then one write replaces the documents' chunks, so a failure before it changes nothing.
 * Returns how many documents changed.
 */
export async function updateDocuments(
  ctx: UpdateContext,
  filters: FilterNode[],
  changes: DocumentChanges,
): Promise<number> {
  const label = `knowledge base '${ctx.kbName}'`;
  const matching = await ctx.store.scan(ctx.table, { filters, label, limit: MAX_MATCHED_CHUNKS + 1 });
  const docIds = [...new Set(matching.map((c) => c.docId))];
  if (docIds.length === 0) return 0;
  if (docIds.length > MAX_UPDATE_DOCUMENTS || matching.length > MAX_MATCHED_CHUNKS) {
    throw new ValidationError(
      `The UPDATE matches more than ${MAX_UPDATE_DOCUMENTS} documents or ${MAX_MATCHED_CHUNKS} chunks, ` +
        `the most one UPDATE changes ` +
        '(narrow its WHERE)',
    );
  }
  const all = await ctx.store.scan(ctx.table, {
    filters: [{ column: 'id', op: 'in', value: docIds }],
    label,
  });
  const byDoc = new Map<string, StoredChunk[]>();
  for (const c of all) byDoc.set(c.docId, [...(byDoc.get(c.docId) ?? []), c]);
  const chunks = [...byDoc.values()].flatMap((docChunks) => rebuild(docChunks, changes, ctx));
  const vectors = await ctx.embedder.embed(chunks.map((c) => c.content));
  const records = chunkRecords(chunks, vectors);
  await ctx.store.replaceDocs(
    ctx.table,
    records,
    docIds,
    all.map((c) => c.chunkId),
  );
  return docIds.length;
}

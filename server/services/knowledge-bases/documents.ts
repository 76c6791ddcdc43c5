import { createHash } from 'node:crypto';
import type { JsonValue } from '../../engines/duckdb';
import type { ChunkRecord } from '../../engines/vector-store';
import { CHUNKER_NAME, chunkText, DEFAULT_CHUNKING, type ChunkingConfig } from '../chunking/text-chunker';

/** One input row, as it comes from SQL (`INSERT ... SELECT`, `VALUES`) or REST (`rows`). */
export type InputRow = Record<string, unknown>;

/** How a knowledge base turns rows into documents. */
export interface DocumentSpec {
  /** Columns whose text is embedded; one document per column per row. */
  contentColumns: readonly string[];
  /** Columns kept as metadata; `null` means every column that is neither content nor the id. */
  metadataColumns: readonly string[] | null;
  /** Column holding the row id; `null` means `id` when present. */
  idColumn: string | null;
}

export const DEFAULT_CONTENT_COLUMN = 'content';
export const DEFAULT_ID_COLUMN = 'id';

/** One text to chunk: a row's content column. */
export interface KbDocument {
  id: string;
  /** The id as the source gave it: an integer id stays a number (shown as such by searches). */
  originalId?: string | number;
  contentColumn: string;
  text: string;
  /** Position of the row in the insert, counted from 0 across all batches. */
  rowIndex: number;
  metadata: Record<string, JsonValue>;
}

/** The metadata every chunk carries, in the order it is shown. */
export interface ChunkMetadata {
  chunk_index: number;
  content_column: string;
  start_char: number;
  end_char: number;
  original_doc_id: string | number;
  original_row_index: string;
  source: string;
  [column: string]: JsonValue;
}

export interface KbChunk {
  /** `<id>:<content_column>:<n>of<m>:<start_char>to<end_char>` */
  chunkId: string;
  docId: string;
  content: string;
  metadata: ChunkMetadata;
  /** The row's own metadata columns, which the vector store also keeps as filterable columns. */
  userMetadata: Record<string, JsonValue>;
}

/** Chunks with their embeddings (in the same order), as the vector store keeps them. */
export function chunkRecords(chunks: readonly KbChunk[], vectors: readonly Float32Array[]): ChunkRecord[] {
  return chunks.map((c, i) => ({
    id: c.chunkId,
    docId: c.docId,
    content: c.content,
    metadata: c.metadata,
    filterable: c.userMetadata,
    vector: vectors[i],
  }));
}

/** Values come from DuckDB, JSON bodies or SQL literals: make them plain JSON. */
export function toJsonValue(value: unknown): JsonValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint')
    return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonValue(v)]));
  }
  return String(value);
}

/** The text of a content cell, or null when there is nothing to embed. */
function contentText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text =
    typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.trim() === '' ? null : text;
}

/** A row's value for `column`; falls back to a case-insensitive match because SQL lowercases names. */
export function cell(row: InputRow, column: string): unknown {
  if (column in row) return row[column];
  const lower = column.toLowerCase();
  for (const key of Object.keys(row)) if (key.toLowerCase() === lower) return row[key];
  return undefined;
}

/** A row's values by lowercased column name; the first spelling of a name wins, as in `cell`. */
function lowercaseIndex(row: InputRow): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(row)) {
    const lower = key.toLowerCase();
    if (!out.has(lower)) out.set(lower, value);
  }
  return out;
}

function md5Id(text: string): string {
  return createHash('md5').update(text).digest('hex').slice(0, 16);
}

function rowId(row: InputRow, spec: DocumentSpec): { id: string; original: string | number } | null {
  const value = cell(row, spec.idColumn ?? DEFAULT_ID_COLUMN);
  if (value === undefined || value === null || value === '') return null;
  const id = typeof value === 'object' ? JSON.stringify(value) : String(value);
  // Integers keep their type (within JavaScript's exact range); anything else is its text.
  const numeric = typeof value === 'bigint' ? Number(value) : value;
  const original = typeof numeric === 'number' && Number.isSafeInteger(numeric) ? numeric : id;
  return { id, original };
}

function rowMetadata(row: InputRow, spec: DocumentSpec): Record<string, JsonValue> {
  if (spec.metadataColumns) {
    const out: Record<string, JsonValue> = {};
    // Names that miss an exact match are found through one lowercased index of the row, built on first
    // need: looking each one up by a scan of the row would be columns x keys.
    let lowered: Map<string, unknown> | undefined;
    for (const column of spec.metadataColumns) {
      if (column in row) out[column] = toJsonValue(row[column]);
      else {
        lowered ??= lowercaseIndex(row);
        out[column] = toJsonValue(lowered.get(column.toLowerCase()));
      }
    }
    return out;
  }
  const skip = new Set(
    [...spec.contentColumns, spec.idColumn ?? DEFAULT_ID_COLUMN].map((c) => c.toLowerCase()),
  );
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(row))
    if (!skip.has(key.toLowerCase())) out[key] = toJsonValue(value);
  return out;
}

/** Rows to documents: one per non-empty content column; `firstRowIndex` numbers rows across batches. */
export function rowsToDocuments(
  rows: readonly InputRow[],
  spec: DocumentSpec,
  firstRowIndex = 0,
): KbDocument[] {
  const documents: KbDocument[] = [];
  rows.forEach((row, i) => {
    const id = rowId(row, spec);
    const metadata = rowMetadata(row, spec);
    for (const contentColumn of spec.contentColumns) {
      const text = contentText(cell(row, contentColumn));
      if (text === null) continue;
      const docId = id?.id ?? md5Id(text);
      documents.push({
        id: docId,
        originalId: id?.original ?? docId,
        contentColumn,
        text,
        rowIndex: firstRowIndex + i,
        metadata,
      });
    }
  });
  return documents;
}

/** Splits each document into chunks with their ids and metadata. */
export function chunkDocument(doc: KbDocument, chunking: ChunkingConfig = DEFAULT_CHUNKING): KbChunk[] {
  const pieces = chunkText(doc.text, chunking);
  return pieces.map((piece, index) => {
    const metadata: ChunkMetadata = {
      chunk_index: index,
      content_column: doc.contentColumn,
      start_char: piece.start,
      end_char: piece.end,
      original_doc_id: doc.originalId ?? doc.id,
      original_row_index: String(doc.rowIndex),
      source: CHUNKER_NAME,
    };
    // The chunker's keys win over a metadata column of the same name: they identify the chunk.
    for (const [key, value] of Object.entries(doc.metadata)) if (!(key in metadata)) metadata[key] = value;
    return {
      chunkId: `${doc.id}:${doc.contentColumn}:${index + 1}of${pieces.length}:${piece.start}to${piece.end}`,
      docId: doc.id,
      content: piece.content,
      metadata,
      userMetadata: doc.metadata,
    };
  });
}

export function chunkDocuments(
  docs: readonly KbDocument[],
  chunking: ChunkingConfig = DEFAULT_CHUNKING,
): KbChunk[] {
  return docs.flatMap((doc) => chunkDocument(doc, chunking));
}

/**
 * Within one insert the last row with a given id wins, as it would if the rows were inserted one by one:
 * drop the documents of earlier rows that share an id with a later row.
 */
export function keepLastRowPerId(docs: readonly KbDocument[]): KbDocument[] {
  const lastRow = new Map<string, number>();
  for (const doc of docs) lastRow.set(doc.id, doc.rowIndex);
  return docs.filter((doc) => lastRow.get(doc.id) === doc.rowIndex);
}

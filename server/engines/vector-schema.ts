import type * as ArrowModule from 'apache-arrow';
import { arrow, float64Column, utf8Column } from './arrow-columns';
import type { JsonValue } from './duckdb';

export { arrow } from './arrow-columns';

/** One chunk as the vector store keeps it. */
export interface ChunkRecord {
  /** The chunk id, unique in the table. */
  id: string;
  docId: string;
  content: string;
  /** Everything shown as the chunk's `metadata`, stored as JSON. */
  metadata: Record<string, JsonValue>;
  /** The row's metadata columns, also stored as typed columns so that filters run inside LanceDB. */
  filterable: Record<string, JsonValue>;
  vector: Float32Array;
}

export const BASE_COLUMNS = ['id', 'doc_id', 'content', 'metadata', 'vector'] as const;

/**
 * Each metadata column is stored twice, as text and (when the value reads as a number) as a double, so that
 * `author = 'ann'` compares text and `year > 2020` compares numbers whatever type the input rows had.
 * Names are hex-encoded: any user name becomes a safe identifier, and lowercasing first makes filters
 * case-insensitive like SQL names.
 */
export function metadataColumns(name: string): { text: string; number: string } {
  const hex = Buffer.from(name.toLowerCase(), 'utf8').toString('hex');
  return { text: `m_s_${hex}`, number: `m_n_${hex}` };
}

/** The metadata name a stored text column holds, or null for other columns. */
export function metadataNameOf(column: string): string | null {
  if (!column.startsWith('m_s_')) return null;
  return Buffer.from(column.slice(4), 'hex').toString('utf8');
}

const NUMERIC_TEXT = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;

export function textValue(value: JsonValue): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function numberValue(value: JsonValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && NUMERIC_TEXT.test(value)) return Number(value);
  return null;
}

function vectorType(dimensions: number) {
  return new arrow.FixedSizeList(dimensions, new arrow.Field('item', new arrow.Float32(), true));
}

export function baseSchema(dimensions: number): ArrowModule.Schema {
  return new arrow.Schema([
    new arrow.Field('id', new arrow.Utf8(), false),
    new arrow.Field('doc_id', new arrow.Utf8(), false),
    new arrow.Field('content', new arrow.Utf8(), false),
    new arrow.Field('metadata', new arrow.Utf8(), false),
    new arrow.Field('vector', vectorType(dimensions), false),
  ]);
}

/**
 * Most metadata names a knowledge base's table may hold. Each one is two columns of every stored chunk and
 * widens every later read and write: thousands of them stall the one thread that serves all requests.
 */
export const MAX_METADATA_NAMES = 256;

/** Lowercased metadata names that the records carry. */
export function metadataNamesOf(records: readonly ChunkRecord[]): Set<string> {
  const names = new Set<string>();
  for (const r of records) for (const key of Object.keys(r.filterable)) names.add(key.toLowerCase());
  return names;
}

/**
 * Builds one Arrow table of records: the base columns plus two typed columns per metadata name. `allNames`
 * adds (null) columns for names the records lack: a merge must carry every column of the table, or the rows
 * it updates would keep their old values there.
 */
export function recordsToArrow(
  records: readonly ChunkRecord[],
  dimensions: number,
  allNames: ReadonlySet<string> = new Set(),
): ArrowModule.Table {
  const n = records.length;
  const flat = new Float32Array(n * dimensions);
  records.forEach((r, i) => {
    if (r.vector.length !== dimensions) {
      throw new Error(`vector of chunk ${r.id} has ${r.vector.length} values; the table holds ${dimensions}`);
    }
    flat.set(r.vector, i * dimensions);
  });
  const vectors = arrow.makeVector(
    arrow.makeData({
      type: vectorType(dimensions),
      length: n,
      nullCount: 0,
      child: arrow.makeData({ type: new arrow.Float32(), length: n * dimensions, data: flat }),
    }),
  );
  const columns: Record<string, ArrowModule.Vector> = {
    id: utf8Column(records.map((r) => r.id)),
    doc_id: utf8Column(records.map((r) => r.docId)),
    content: utf8Column(records.map((r) => r.content)),
    metadata: utf8Column(records.map((r) => JSON.stringify(r.metadata))),
    vector: vectors,
  };
  // Each record's names lowercased once (chunks of one document share theirs), so that looking up every
  // name stays linear in the records' size.
  const seen = new WeakMap<object, Map<string, JsonValue>>();
  const byLowerName = records.map((r) => {
    let map = seen.get(r.filterable);
    if (!map) seen.set(r.filterable, (map = lowercaseKeys(r.filterable)));
    return map;
  });
  for (const name of new Set([...metadataNamesOf(records), ...allNames])) {
    const values = byLowerName.map((values) => values.get(name) ?? null);
    const cols = metadataColumns(name);
    columns[cols.text] = utf8Column(values.map(textValue));
    columns[cols.number] = float64Column(values.map(numberValue));
  }
  return new arrow.Table(columns);
}

/** Metadata by lowercased name: a key already in lower case wins, else the first spelling. */
export function lowercaseKeys(values: Record<string, JsonValue>): Map<string, JsonValue> {
  const out = new Map<string, JsonValue>();
  for (const [key, value] of Object.entries(values)) {
    const lower = key.toLowerCase();
    if (key === lower || !out.has(lower)) out.set(lower, value);
  }
  return out;
}

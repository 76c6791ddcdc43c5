import { Index, type HnswSqOptions, type Table, type VectorQuery } from '@lancedb/lancedb';

/**
 * When a table gets an ANN index and how it is kept fresh. Below the threshold LanceDB's exact (brute
 * force) search is fast enough and always exact; above it an HNSW graph over scalar-quantised vectors
 * answers a top-10 query in a few milliseconds.
 */
export interface IndexPolicy {
  /** Rows from which a table gets an ANN index. */
  annThreshold: number;
  /** Unindexed rows (new since the last build) that make it worth folding them into the indexes. */
  optimizeAfterRows: number;
  /**
   * Quiet time after a table's last write before maintenance asked for by an insert starts: a bulk load sent as
   * many INSERT statements one after another is indexed once, at its end, not rebuilt after every statement.
   * The next statement of such a load reads its rows before it writes (200,000 rows of `INSERT ... SELECT`
   * took a few seconds on 2 cores): a shorter wait started a build in that gap.
   */
  settleMs: number;
  /** Longest a table's maintenance waits for its writes to pause: a steady stream of inserts still gets indexed. */
  maxDeferMs: number;
}

export const DEFAULT_INDEX_POLICY: IndexPolicy = {
  annThreshold: 50_000,
  optimizeAfterRows: 10_000,
  settleMs: 10_000,
  maxDeferMs: 10 * 60_000,
};

export const VECTOR_INDEX = 'vector_idx';

// Index statistics (read after every insert) leave out the IVF centroids, which this code never reads: they cost
// memory at a million rows, and LanceDB warns on every read until the choice is made.
process.env.LANCE_INCLUDE_VECTOR_CENTROIDS ??= 'false';
export const FTS_INDEX = 'content_idx';

/**
 * Rows per IVF partition (each partition holds its own HNSW graph; a search visits them all): more partitions
 * recall more for the same search settings, up to about this size (docs/measurements.md).
 */
const ROWS_PER_PARTITION = 12_500;
/**
 * Search-time knobs: the recall and CPU of each choice are in docs/measurements.md. The refine factor re-ranks
 * candidates with the full-precision vectors, undoing the scalar quantisation's error.
 */
const SEARCH_EF = 150;
const REFINE_FACTOR = 2;

export interface IndexState {
  ann: boolean;
  fts: boolean;
  indexedRows: number;
  unindexedRows: number;
}

/**
 * Background maintenance of a table's indexes: `waiting` for the table's writes to pause before it starts,
 * `building` an index outside the write queue, or `idle`.
 */
export type IndexUpkeepState = 'waiting' | 'building' | 'idle';

export async function indexState(table: Table): Promise<IndexState> {
  const indices = await table.listIndices();
  const vector = indices.find((i) => i.name === VECTOR_INDEX);
  const count = await table.countRows();
  const stats = vector ? await table.indexStats(VECTOR_INDEX) : undefined;
  return {
    ann: Boolean(vector),
    fts: indices.some((i) => i.name === FTS_INDEX),
    indexedRows: stats?.numIndexedRows ?? 0,
    unindexedRows: stats ? stats.numUnindexedRows : count,
  };
}

/**
 * What a table needs after an insert: its first ANN index once it has grown past the threshold, or new rows
 * folded into its indexes after large inserts.
 */
export async function maintenanceNeeded(
  table: Table,
  policy: IndexPolicy,
): Promise<{ action: 'build' | 'rebuild' | 'none'; rows: number }> {
  return maintenanceFor(await indexState(table), policy);
}

/** What a table in `state` needs (see `maintenanceNeeded`). */
export function maintenanceFor(
  state: IndexState,
  policy: IndexPolicy,
): { action: 'build' | 'rebuild' | 'none'; rows: number } {
  const rows = state.indexedRows + state.unindexedRows;
  if (!state.ann) return { action: rows < policy.annThreshold ? 'none' : 'build', rows };
  const rebuild = state.unindexedRows >= Math.max(policy.optimizeAfterRows, state.indexedRows * 0.1);
  return { action: rebuild ? 'rebuild' : 'none', rows };
}

/**
 * Merges the small data files that many insert batches leave into few large ones. Run before the first ANN
 * build: with no vector index to remap it takes about a second per 100,000 rows, and every search afterwards
 * reads its candidates' rows from a few files rather than dozens, at a fraction of the CPU. Once the
 * index exists, the same merge also rewrites the index and takes minutes.
 */
export async function compactFiles(table: Table): Promise<void> {
  await table.optimize();
}

/**
 * From this many rows the graph is built with fewer candidates per insertion (efConstruction 150, LanceDB's
 * default being 300; not below the search's ef): a much shorter build for a small loss of recall
 * (docs/measurements.md). Such a table is mostly searched from its in-memory copy; below this size the build is
 * short and keeps the default.
 */
const QUICK_BUILD_ROWS = 500_000;

/** The ANN index's settings for a table of `rows` rows. */
export function annIndexOptions(rows: number): HnswSqOptions {
  return {
    distanceType: 'cosine',
    numPartitions: Math.max(1, Math.round(rows / ROWS_PER_PARTITION)),
    ...(rows >= QUICK_BUILD_ROWS ? { efConstruction: SEARCH_EF } : {}),
  };
}

/** Builds (or rebuilds) the ANN index over every row now, whatever the table's size. */
export async function buildAnnIndex(table: Table, rows: number): Promise<void> {
  await table.createIndex('vector', {
    name: VECTOR_INDEX,
    replace: true,
    config: Index.hnswSq(annIndexOptions(rows)),
  });
}

/**
 * B-tree indexes on the metadata columns, built with the ANN index: a filtered search then finds its rows
 * through them instead of reading the columns of every row, and each builds in tens of milliseconds
 * (docs/measurements.md). Columns added later are filtered by a scan.
 */
export async function buildMetadataIndexes(table: Table): Promise<void> {
  for (const field of (await table.schema()).fields) {
    if (!field.name.startsWith('m_s_') && !field.name.startsWith('m_n_')) continue;
    await table.createIndex(field.name, { replace: true, config: Index.btree() });
  }
}

export async function ensureFtsIndex(table: Table): Promise<void> {
  const indices = await table.listIndices();
  if (indices.some((i) => i.name === FTS_INDEX)) return;
  await rebuildFtsIndex(table);
}

/** Builds the full-text index over every row now, replacing the one there. */
export async function rebuildFtsIndex(table: Table): Promise<void> {
  await table.createIndex('content', {
    name: FTS_INDEX,
    replace: true,
    config: Index.fts({
      stem: true,
      removeStopWords: true,
      lowercase: true,
      asciiFolding: true,
      withPosition: false,
    }),
  });
}

/** Applies the search-time knobs when the table has an ANN index (they do nothing for brute force). */
export function tuneAnnQuery(query: VectorQuery, hasAnn: boolean, limit: number): VectorQuery {
  if (!hasAnn) return query;
  // HNSW refuses an ef below the number of candidates it must return (limit x refine factor).
  return query.ef(Math.max(SEARCH_EF, limit * REFINE_FACTOR)).refineFactor(REFINE_FACTOR);
}

/** The phases of a full index build (CREATE INDEX), in order, as they show while it runs. */
export type IndexPhase = 'compacting' | 'vector' | 'full_text' | 'metadata';

export const PHASE_LABELS: Record<IndexPhase, string> = {
  compacting: 'compacting data files',
  vector: 'building the vector index (training and graph)',
  full_text: 'building the full-text index',
  metadata: 'building the metadata indexes',
};

/**
 * Builds every index of a table over every row now, calling `onPhase` as each phase starts. LanceDB reports no
 * progress within a phase, so the phases are the finest steps there are. The files are compacted first only
 * while the table has no ANN index (afterwards the merge would rewrite the index too, for minutes).
 */
export async function buildAllIndexes(
  table: Table,
  rows: number,
  onPhase: (phase: IndexPhase, phases: readonly IndexPhase[]) => void = () => undefined,
): Promise<void> {
  const hasAnn = (await table.listIndices()).some((i) => i.name === VECTOR_INDEX);
  const phases: IndexPhase[] = [
    ...(hasAnn ? [] : (['compacting'] as const)),
    'vector',
    'full_text',
    'metadata',
  ];
  const steps: Record<IndexPhase, () => Promise<void>> = {
    compacting: () => compactFiles(table),
    vector: () => buildAnnIndex(table, rows),
    full_text: () => ensureFtsIndex(table),
    metadata: () => buildMetadataIndexes(table),
  };
  for (const phase of phases) {
    onPhase(phase, phases);
    await steps[phase]();
  }
}

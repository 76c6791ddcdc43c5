import type { Table } from '@lancedb/lancedb';
import { docIdsWhere } from './vector-filter';
import type { MetadataColumns } from './vector-metadata';
import { tableDimensions } from './vector-rows';
import { metadataNamesOf, recordsToArrow, type ChunkRecord } from './vector-schema';

/**
 * Replaces the chunks of the documents in `docIds` with `records` in one commit: a merge on the chunk id
 * (matched chunks updated, new ones added, the documents' other chunks deleted), or a plain delete when no
 * record is left. A failure or a kill leaves the old chunks or the new ones, never neither nor both. When
 * `previousChunkIds` (the documents' chunk ids now) are all kept (a metadata change), nothing is left to delete
 * and the merge skips its delete clause, which reads the whole table (docs/measurements.md). Run inside the
 * table's write queue; the caller tells its caches what changed.
 */
export async function mergeChunks(
  table: Table,
  metadata: MetadataColumns,
  records: readonly ChunkRecord[],
  docIds: readonly string[],
  previousChunkIds?: readonly string[],
): Promise<void> {
  if (records.length === 0) {
    await table.delete(docIdsWhere(docIds));
    return;
  }
  // New metadata columns first (a schema change alone, null for every stored row): the merge must name them.
  await metadata.add(table, metadataNamesOf(records));
  const dims = (await tableDimensions(table)) ?? records[0].vector.length;
  const kept = new Set(records.map((r) => r.id));
  const nothingLeft = previousChunkIds?.every((id) => kept.has(id)) ?? false;
  let merge = table.mergeInsert('id').whenMatchedUpdateAll().whenNotMatchedInsertAll();
  if (!nothingLeft) merge = merge.whenNotMatchedBySourceDelete({ where: docIdsWhere(docIds) });
  await merge.execute(recordsToArrow(records, dims, await metadata.names(table)));
}

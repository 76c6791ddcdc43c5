import { MatchQuery, type Table } from '@lancedb/lancedb';
import { tableDimensions, type StoredChunk } from '../vector-rows';
import { keepsFineCodes, leastBytesOf, nonZeroShare } from './copy-form';
import { MirroredTable } from './mirrored-table';
import { rowsOf } from './mirror-rows';

/**
 * The two reads of a table that a search copy takes part in: the copy made from the table's rows, and a
 * full-text search whose rows come from the copy. Kept apart from exact-search.ts, which decides when each
 * happens.
 */

/**
 * A copy of every row of the table (the metadata columns too, which filters read), or null when it has no
 * vectors yet, `admit` refuses its bytes (`least`: what even its coarse codes need, asked before a row is
 * read), or `stop` says the load is no longer wanted. What the copy keeps of a vector is chosen by the table's
 * size and the first rows' density (copy-form.ts).
 */
export async function copyFromTable(
  table: Table,
  admit: (bytes: number, least: number) => boolean,
  stop: () => boolean,
): Promise<MirroredTable | null> {
  const rows = await table.countRows();
  const dims = await tableDimensions(table);
  if (!dims) return null;
  const least = leastBytesOf(rows, dims, keepsFineCodes(rows, dims, 1));
  if (!admit(least, least)) return null;
  let copy: MirroredTable | undefined;
  for await (const batch of table.query()) {
    const batchRows = rowsOf(batch);
    copy ??= new MirroredTable(
      dims,
      keepsFineCodes(rows, dims, nonZeroShare(batchRows.slice(0, 16).map((r) => r.vector))),
    );
    copy.put(batchRows);
    if (!admit(copy.bytes, least) || stop()) return null;
  }
  return copy ?? new MirroredTable(dims);
}

/**
 * A full-text search that reads only ids and scores from the table and the rows, with their distances to
 * `vector`, from the copy (half the cost of reading content and vectors from the table). Null when a hit is
 * missing from the copy (a write in between): the caller then asks the table.
 */
export async function textSearchWithCopy(
  copy: MirroredTable,
  table: Table,
  text: string,
  query: { vector: ArrayLike<number>; limit: number; where?: string },
): Promise<StoredChunk[] | null> {
  let search = table.query().fullTextSearch(new MatchQuery(text, 'content')).select(['id', '_score']);
  if (query.where) search = search.where(query.where);
  const hits = await search.limit(query.limit).toArray();
  const chunks: StoredChunk[] = [];
  for (const hit of hits) {
    const chunk = copy.chunk(String(hit.id), query.vector);
    if (!chunk) return null;
    chunks.push({ ...chunk, score: Number(hit._score) });
  }
  return chunks;
}

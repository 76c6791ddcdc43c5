import type { VectorStore } from '../../engines/vector-store';
import { VECTOR_TABLE_PATTERN, type KbCatalog } from '../../store/knowledge-bases';
import type { KbLoadSources } from './load-sources';

/**
 * Removes what a crash between the two steps of a drop leaves behind: vector tables without a catalog row,
 * and rows (with what they were loaded from) of projects that no longer exist. Answers the tables removed.
 */
export async function repairOrphans(
  catalog: KbCatalog,
  store: VectorStore,
  loadSources: KbLoadSources,
): Promise<string[]> {
  const removed: string[] = [];
  for (const row of await catalog.orphanRows()) {
    await catalog.delete(Number(row.id));
    await loadSources.forget(Number(row.id));
  }
  const owned = await catalog.vectorTables();
  for (const table of await store.tableNames()) {
    if (VECTOR_TABLE_PATTERN.test(table) && !owned.has(table)) {
      await store.dropTable(table);
      removed.push(table);
    }
  }
  return removed;
}

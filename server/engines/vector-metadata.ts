import type { Table } from '@lancedb/lancedb';
import { ValidationError } from '../errors';
import { buildWhere, type FilterNode } from './vector-filter';
import { MAX_METADATA_NAMES, metadataColumns, metadataNameOf } from './vector-schema';

async function readMetadataNames(table: Table): Promise<Set<string>> {
  const names = new Set<string>();
  for (const field of (await table.schema()).fields) {
    const name = metadataNameOf(field.name);
    if (name !== null) names.add(name);
  }
  return names;
}

/**
 * The metadata columns of the vector store's tables: two per metadata name (text and number), added as new
 * names arrive. The names are cached per table because every filtered search asks and reading a table's
 * schema costs about a millisecond of CPU; only `add` changes them, and it drops the entry.
 */
export class MetadataColumns {
  // Keyed by the table object (dropped with it), not its name: reading `table.name` while another call on
  // the table is in flight is refused by the native binding.
  private readonly cache = new WeakMap<Table, Promise<Set<string>>>();

  /** Lowercased metadata names the table has columns for. */
  names(table: Table): Promise<Set<string>> {
    let names = this.cache.get(table);
    if (!names) {
      names = readMetadataNames(table);
      this.cache.set(table, names);
      names.catch(() => this.cache.delete(table));
    }
    return names;
  }

  /**
   * The table's `where` predicate for these filters (none without filters), each name resolved to the table's
   * metadata columns; messages name the table `label`.
   */
  async where(
    table: Table,
    filters: readonly FilterNode[] | undefined,
    label: string,
  ): Promise<string | undefined> {
    if (!filters?.length) return undefined;
    return buildWhere(filters, { metadata: await this.names(table), label });
  }

  /** New metadata names get their two columns (null for the rows already stored). */
  async add(table: Table, names: Set<string>): Promise<void> {
    const existing = await this.names(table);
    const missing = [...names].filter((n) => !existing.has(n));
    if (missing.length === 0) return;
    if (existing.size + missing.length > MAX_METADATA_NAMES) {
      throw new ValidationError(
        `These rows would give the knowledge base ${existing.size + missing.length} metadata columns; it ` +
          `holds at most ${MAX_METADATA_NAMES} (list the ones to keep in metadata_columns)`,
        'metadata_columns',
      );
    }
    try {
      await table.addColumns(
        missing.flatMap((n) => {
          const cols = metadataColumns(n);
          return [
            { name: cols.text, valueSql: 'CAST(NULL AS STRING)' },
            { name: cols.number, valueSql: 'CAST(NULL AS DOUBLE)' },
          ];
        }),
      );
    } finally {
      // Read again on next use: a search that read the schema meanwhile may have cached the old one.
      this.cache.delete(table);
    }
  }
}

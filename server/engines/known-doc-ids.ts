import type { Table } from '@lancedb/lancedb';

/**
 * A 53-bit hash of a document id (two 32-bit multiply-xor lanes, mixed at the end): two different ids of a million share one with a chance of about
 * 1 in 10^10, and a shared hash only costs a needless lookup (see `KnownDocIds`).
 */
function hashId(id: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * The document ids a table may hold, kept in memory so that an insert of new documents need not ask the table.
 * Asking means a `doc_id IN (...)` scan of the whole column per batch, which grows with the table and soon
 * costs more than embedding the batch (docs/measurements.md). The set is a superset: ids are added as
 * they are written and never removed (a deleted document costs one needless lookup), and it is read from the
 * table once, on the first write after the store opens. It assumes this process is the table's only writer, as
 * the store does: a table's writes go through its write queue.
 */
export class KnownDocIds {
  private readonly hashes = new WeakMap<Table, Promise<Set<number>>>();

  /** The ids of `docIds` the table may hold; the others surely have no chunk in it. */
  async mayHold(table: Table, docIds: readonly string[]): Promise<string[]> {
    if (docIds.length === 0) return [];
    const known = await this.of(table);
    return docIds.filter((id) => known.has(hashId(id)));
  }

  /** Records that the table now holds chunks of these documents. */
  async add(table: Table, docIds: Iterable<string>): Promise<void> {
    const known = await this.of(table);
    for (const id of docIds) known.add(hashId(id));
  }

  private of(table: Table): Promise<Set<number>> {
    let known = this.hashes.get(table);
    if (!known) {
      known = readDocIdHashes(table);
      this.hashes.set(table, known);
      known.catch(() => this.hashes.delete(table));
    }
    return known;
  }
}

async function readDocIdHashes(table: Table): Promise<Set<number>> {
  const known = new Set<number>();
  for await (const batch of table.query().select(['doc_id'])) {
    const column = batch.getChild('doc_id');
    for (let i = 0; i < batch.numRows; i++) known.add(hashId(String(column?.get(i))));
  }
  return known;
}

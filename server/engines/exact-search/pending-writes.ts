import type { MirrorRow } from './chunk-columns';
import type { MirroredTable } from './mirrored-table';

/** Writes seen while a table's copy loads, replayed once it has loaded; past this many rows the load restarts. */
const MAX_PENDING_ROWS = 50_000;

/** A write the store committed, as a copy follows it. */
export type PendingWrite =
  { put: MirrorRow[] } | { removeDocs: readonly string[] } | { removeChunks: readonly string[] };

/** A copy being loaded: the writes committed meanwhile, replayed on it once it has loaded. */
export interface Loading {
  pending: PendingWrite[];
  pendingRows: number;
  /** A write that cannot be replayed (a failed write): the loaded copy is thrown away. */
  spoiled: boolean;
}

/** Notes a write for replay; too many rows spoil the load (it starts again on a later search). */
export function holdForReplay(loading: Loading, write: PendingWrite): void {
  if (loading.spoiled) return;
  loading.pending.push(write);
  loading.pendingRows += rowsIn(write);
  if (loading.pendingRows > MAX_PENDING_ROWS) loading.spoiled = true;
}

export function applyTo(copy: MirroredTable, write: PendingWrite): void {
  if ('put' in write) copy.put(write.put);
  else if ('removeDocs' in write) copy.removeDocs(write.removeDocs);
  else copy.removeChunks(write.removeChunks);
}

function rowsIn(write: PendingWrite): number {
  if ('put' in write) return write.put.length;
  return 'removeDocs' in write ? write.removeDocs.length : write.removeChunks.length;
}

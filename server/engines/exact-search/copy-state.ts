import type { ChunkColumns } from './chunk-columns';
import type { FineCodes } from './fine-codes';
import type { Centroids } from './row-groups';
import type { QuantisedBlocks } from './scan-kernel';

/** Everything a MirroredTable holds (see its fields). */
export interface CopyState {
  dims: number;
  keepsFine: boolean;
  vectors: QuantisedBlocks;
  fine: FineCodes | null;
  columns: ChunkColumns;
  removed: Uint8Array;
  removedCount: number;
  groups: { centroids: Centroids; starts: Int32Array; tail: number; probes: number } | null;
  coarseNorm: number;
  fineNorm: number;
  denseRows: number;
}

/** Where a table's in-memory search copy stands (exact-search.ts keeps it). */
export type SearchCopyState = 'loaded' | 'loading' | 'not_loaded' | 'too_large' | 'no_room' | 'off';

/**
 * Most work one search may do on a copy, in (row, non-zero query dimension) pairs, when the table has an ANN
 * index to answer instead: 150 million is about 15 ms of the scan on one core (45 million measured at 4.6 ms),
 * about what LanceDB's index costs at a million rows. A local model's query has 30 to 80 non-zero dimensions of
 * 384, so its searches stay on the copy past a million rows; a dense 1,536-dimension query stays on it up to
 * about 100,000. (At 50 million, before the kernel was rewritten, a million-row KB sent its queries of more than
 * 50 dimensions to the index, and about 2% of the true top 10 went missing.)
 */
export const MAX_SCAN_WORK = 150_000_000;

/** Whether a search scans the copy rather than asking the table's ANN index. */
export function scanFits(nonZeroDims: number, rows: number, hasAnn: boolean): boolean {
  return !hasAnn || nonZeroDims * rows <= MAX_SCAN_WORK;
}

/**
 * What answers a table's semantic searches: `copy`, its in-memory copy (every chunk compared); `index`, the
 * vector table's ANN index; `table`, the vector table without an index (every chunk compared).
 */
export type SearchPathName = 'copy' | 'index' | 'table';

/**
 * Why: `scan_fits`, the copy is loaded and a search compares all of it; `grouped`, the copy's dense rows are
 * stored in groups of similar ones and a search compares the groups nearest it (row-groups.ts);
 * `scan_too_large`, the copy is loaded but one search would compare more (row, dimension) pairs than
 * `MAX_SCAN_WORK` (dense vectors of a large table, not grouped yet), so the index answers; otherwise the copy's
 * state (SearchCopyState): none answers yet, or none may.
 */
export type SearchPathReason =
  'scan_fits' | 'grouped' | 'scan_too_large' | Exclude<SearchCopyState, 'loaded'>;

export interface SearchPath {
  path: SearchPathName;
  reason: SearchPathReason;
  /** (row, non-zero query dimension) pairs a search of the loaded copy compares; 0 without a copy. */
  scanWork: number;
  /** The most one search may compare on the copy while an ANN index can answer instead. */
  scanLimit: number;
  /** The copy's groups of similar rows and how many of them a search reads; 0 when it is not grouped. */
  groups: number;
  probes: number;
}

/**
 * The path of a table whose copy is loaded with `rows` rows, for queries of `queryDims` non-zero dimensions;
 * `grouping`, its groups (null when not grouped, or for a filtered search, which reads every row).
 */
export function copyPath(
  rows: number,
  queryDims: number,
  hasAnn: boolean,
  grouping: { groups: number; probes: number; ungrouped: number } | null,
): SearchPath {
  const scanLimit = MAX_SCAN_WORK;
  if (grouping) {
    const { groups, probes, ungrouped } = grouping;
    const read = ((rows - ungrouped) * probes) / groups + ungrouped;
    return {
      path: 'copy',
      reason: 'grouped',
      scanWork: Math.round(read * queryDims),
      scanLimit,
      groups,
      probes,
    };
  }
  const fits = scanFits(queryDims, rows, hasAnn);
  return {
    path: fits ? 'copy' : 'index',
    reason: fits ? 'scan_fits' : 'scan_too_large',
    scanWork: rows * queryDims,
    scanLimit,
    groups: 0,
    probes: 0,
  };
}

/** The path of a table without a loaded copy (`state` says why): its index, or the table itself. */
export function uncopiedPath(state: Exclude<SearchCopyState, 'loaded'>, hasAnn: boolean): SearchPath {
  return {
    path: hasAnn ? 'index' : 'table',
    reason: state,
    scanWork: 0,
    scanLimit: MAX_SCAN_WORK,
    groups: 0,
    probes: 0,
  };
}

import { ChunkColumns, type ColumnParts } from './chunk-columns';
import type { CopyState } from './copy-state';
import { FineCodes } from './fine-codes';
import { Centroids, slicer } from './row-groups';
import { QuantisedBlocks } from './scan-kernel';
import { TextColumn, type TextParts } from './text-column';

/**
 * The body of a copy's file (copy-file.ts): what its header says of the copy's arrays, the sections those
 * arrays are written in (removed rows, int8 blocks, fine codes, groups, text columns, filters), where each
 * starts, and how they are read back into the arrays the copy will hold.
 */

/**
 * Bytes read or written at once: what reading a file adds to memory besides the copy itself. Small: a read
 * into WebAssembly memory costs ten times as much per byte in slices of 16 MB as in slices of 1 MB.
 */
export const SLICE_BYTES = 1 << 20;

/** What a file says of the copy it holds, besides its arrays. */
export interface Header {
  table: string;
  dims: number;
  keepsFine: boolean;
  blockRows: number;
  slots: number;
  removedCount: number;
  coarseNorm: number;
  fineNorm: number;
  denseRows: number;
  /** Rows of each block of fine codes; null without them. */
  fineBlocks: number[] | null;
  groups: { count: number; probes: number; tail: number } | null;
  /** The text columns: ids and document ids (kept as strings once read), contents and metadata. */
  texts: { rows: number; used: number; blocks: number[] }[];
  filterBytes: number;
  bodyBytes: number;
}

/** What the header says of `state`'s arrays (for `table`), and the body's sections to write. */
export function bodyOf(state: CopyState, table: string): { header: Header; sections: Section[] } {
  const parts = state.columns.parts;
  const texts = [asText(parts.ids), asText(parts.docIds), parts.contents, parts.metadata];
  const filters = Buffer.from(
    JSON.stringify(parts.filters.map(([n, t, v]) => [n, dense(t, state), dense(v, state)])),
  );
  const fineBlocks = state.fine ? state.fine.blocks : null;
  const sections = sectionsOf(state, texts, fineBlocks, filters);
  const header: Header = {
    table,
    dims: state.dims,
    keepsFine: state.keepsFine,
    blockRows: state.vectors.blockRows,
    slots: state.vectors.size,
    removedCount: state.removedCount,
    coarseNorm: state.coarseNorm,
    fineNorm: state.fineNorm,
    denseRows: state.denseRows,
    fineBlocks: fineBlocks?.map((b) => b.scales.length) ?? null,
    groups: state.groups && {
      count: state.groups.centroids.count,
      probes: state.groups.probes,
      tail: state.groups.tail,
    },
    texts: texts.map((t) => ({ rows: t.rows, used: t.used, blocks: t.blocks.map((b) => b.length) })),
    filterBytes: filters.length,
    bodyBytes: sections.reduce((sum, s) => sum + s.bytes, 0),
  };
  return { header, sections };
}

/** Where each section of a file's body starts (`sectionsOf`'s order), from its header; the body at `bodyAt`. */
export function layoutOf(header: Header, bodyAt: number) {
  const { dims, slots, blockRows } = header;
  let at = bodyAt;
  const next = (bytes: number) => {
    const start = at;
    at += bytes;
    return start;
  };
  const removed = next(slots);
  const blockBytes = new QuantisedBlocks(dims, blockRows).blockBytes;
  const vectors = next(Math.ceil(slots / blockRows) * blockBytes);
  const fine = next((header.fineBlocks ?? []).reduce((sum, rows) => sum + rows * (dims + 4), 0));
  const groups = header.groups;
  const centroids = next(groups ? groups.count * dims * 4 : 0);
  const starts = next(groups ? (groups.count + 1) * 4 : 0);
  const texts = header.texts.map((t) => {
    const arrays = next(t.rows * 12);
    const blocks = t.blocks.map((length) => next(length));
    return { starts: arrays, lengths: arrays + t.rows * 4, blockOf: arrays + t.rows * 8, blocks };
  });
  return { removed, vectors, blockBytes, fine, centroids, starts, texts };
}

/** One part of the body: its bytes, and how to write them a slice at a time. */
export interface Section {
  bytes: number;
  write(): AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

function sectionsOf(
  state: CopyState,
  texts: TextParts[],
  fineBlocks: { codes: Int8Array; scales: Float32Array }[] | null,
  filters: Uint8Array,
): Section[] {
  const vectors = state.vectors;
  const blockBytes = vectors.blocks === 0 ? 0 : vectors.blockView(0, 1).length;
  const perSlice = Math.max(1, Math.floor(SLICE_BYTES / Math.max(1, blockBytes)));
  const arrays = (list: ArrayBufferView[]): Section => ({
    bytes: list.reduce((sum, a) => sum + a.byteLength, 0),
    write: () => list.map(bytesOf),
  });
  const groups = state.groups;
  return [
    // Grown only as far as rows were removed: written one byte per row.
    arrays([grownTo(state.removed, vectors.size)]),
    {
      bytes: vectors.blocks * blockBytes,
      *write() {
        // Copied a slice at a time: a view would not survive the memory growing under a write in between.
        for (let first = 0; first < vectors.blocks; first += perSlice) {
          yield vectors.blockView(first, Math.min(perSlice, vectors.blocks - first)).slice();
        }
      },
    },
    arrays(fineBlocks?.flatMap((b) => [b.codes, b.scales]) ?? []),
    arrays(groups ? [...groups.centroids.vectors, groups.starts] : []),
    ...texts.map((t) => arrays([t.starts, t.lengths, t.blockOf, ...t.blocks])),
    arrays([filters]),
  ];
}

/** Reads the body's sections back, in `sectionsOf`'s order, each into the array that will hold it. */
export async function readState(
  header: Header,
  fill: (into: Uint8Array) => Promise<void>,
): Promise<CopyState> {
  const { dims, slots } = header;
  // Decoding a million rows' ids and metadata takes seconds: requests are let in between slices.
  const pause = slicer();
  const removed = new Uint8Array(Math.max(1024, slots));
  await fill(removed.subarray(0, slots));
  const vectors = new QuantisedBlocks(dims, header.blockRows);
  vectors.reserveRows(slots);
  const perSlice = Math.max(
    1,
    Math.floor(SLICE_BYTES / (vectors.blocks ? vectors.blockView(0, 1).length : 1)),
  );
  for (let first = 0; first < vectors.blocks; first += perSlice) {
    await fill(vectors.blockView(first, Math.min(perSlice, vectors.blocks - first)));
  }
  let fine: FineCodes | null = null;
  if (header.fineBlocks) {
    const blocks = [];
    for (const rows of header.fineBlocks) {
      const block = { codes: new Int8Array(rows * dims), scales: new Float32Array(rows) };
      await fill(bytesOf(block.codes));
      await fill(bytesOf(block.scales));
      blocks.push(block);
    }
    fine = FineCodes.of(dims, blocks);
  }
  let groups: CopyState['groups'] = null;
  if (header.groups) {
    const vectorsOfGroups = [];
    for (let g = 0; g < header.groups.count; g++) {
      const centroid = new Float32Array(dims);
      await fill(bytesOf(centroid));
      vectorsOfGroups.push(centroid);
    }
    const starts = new Int32Array(header.groups.count + 1);
    await fill(bytesOf(starts));
    groups = {
      centroids: new Centroids(vectorsOfGroups),
      starts,
      tail: header.groups.tail,
      probes: header.groups.probes,
    };
  }
  const texts: TextParts[] = [];
  for (const t of header.texts) {
    const parts = {
      rows: t.rows,
      used: t.used,
      starts: new Int32Array(t.rows),
      lengths: new Int32Array(t.rows),
    };
    const blockOf = new Int32Array(t.rows);
    for (const array of [parts.starts, parts.lengths, blockOf]) await fill(bytesOf(array));
    const blocks = [];
    for (const length of t.blocks) {
      const block = new Uint8Array(length);
      await fill(block);
      blocks.push(block);
    }
    texts.push({ ...parts, blockOf, blocks });
  }
  const filterBytes = new Uint8Array(header.filterBytes);
  await fill(filterBytes);
  if (texts.length !== 4 || texts.some((t) => t.rows !== slots))
    throw new Error('the copy file is not whole');
  const columnParts: ColumnParts = {
    ids: await asStrings(texts[0], pause),
    docIds: await asStrings(texts[1], pause),
    contents: texts[2],
    metadata: texts[3],
    filters: JSON.parse(Buffer.from(filterBytes).toString()) as ColumnParts['filters'],
  };
  const columns = await ChunkColumns.of(columnParts, (slot) => removed[slot] === 1, pause);
  const { keepsFine, removedCount, coarseNorm, fineNorm, denseRows } = header;
  return {
    dims,
    keepsFine,
    vectors,
    fine,
    columns,
    removed,
    removedCount,
    groups,
    coarseNorm,
    fineNorm,
    denseRows,
  };
}

/** Strings as a text column holds them (ids and document ids are held as strings; the file holds them so). */
function asText(strings: readonly string[]): TextParts {
  const column = new TextColumn();
  for (let i = 0; i < strings.length; i++) column.set(i, strings[i] ?? '');
  return column.parts;
}

async function asStrings(parts: TextParts, pause: () => Promise<void> | undefined): Promise<string[]> {
  const column = TextColumn.of(parts);
  const strings: string[] = new Array(parts.rows);
  for (let i = 0; i < parts.rows; i++) {
    strings[i] = column.get(i);
    if (i % 4096 === 0) await pause();
  }
  return strings;
}

/** A metadata column as JSON writes it: a value (or null) for every slot. */
function dense<T>(values: readonly (T | null | undefined)[], state: CopyState): (T | null)[] {
  return Array.from({ length: state.vectors.size }, (_, i) => values[i] ?? null);
}

function grownTo(bytes: Uint8Array, length: number): Uint8Array {
  const whole = new Uint8Array(length);
  whole.set(bytes.subarray(0, length));
  return whole;
}

function bytesOf(array: ArrayBufferView): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

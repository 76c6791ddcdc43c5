import type { JsonValue } from '../duckdb';
import type { StoredChunk } from '../vector-rows';
import { TextColumn, type TextParts } from './text-column';

/** A chunk as the mirror takes it in: metadata as the JSON text the table stores. */
export interface MirrorRow {
  id: string;
  docId: string;
  content: string;
  metadataJson: string;
  vector: ArrayLike<number>;
  /** The row's metadata columns by lowercased name, as the table stores them (text and number). */
  filterable: ReadonlyMap<string, FilterValue>;
}

/** A metadata value as the table's two columns hold it (see vector-schema.ts `metadataColumns`). */
export interface FilterValue {
  text: string | null;
  number: number | null;
}

/** A chunk's columns besides its vector. */
export type ChunkFields = Omit<MirrorRow, 'vector'>;

/** ChunkColumns as the copy's file stores them. */
export interface ColumnParts {
  ids: readonly string[];
  docIds: readonly string[];
  contents: TextParts;
  metadata: TextParts;
  filters: readonly [name: string, texts: readonly (string | null)[], numbers: readonly (number | null)[]][];
}

/** Distinct metadata values shared as one string each; past it (an id-like column) values are kept as they come. */
const MAX_INTERNED = 10_000;

/**
 * The columns of a mirrored table's chunks besides their vectors, slot by slot (a slot is a row number of the
 * copy): ids, document ids, text, metadata as JSON and as the filters read it, and the slots of each id and
 * document. Slots are given by the owner (MirroredTable), which keeps the vectors under the same numbers.
 */
export class ChunkColumns {
  private ids: string[] = [];
  private docIds: string[] = [];
  private contents = new TextColumn();
  private metadata = new TextColumn();
  /** Each metadata name's values by row, as text and as numbers (missing: the row has none). */
  private readonly filterTexts = new Map<string, (string | null)[]>();
  private readonly filterNumbers = new Map<string, (number | null)[]>();
  private readonly slotOfId = new Map<string, number>();
  /** A document's rows: one number for a one-chunk document (most), so that it costs no array. */
  private readonly slotsOfDoc = new Map<string, number | number[]>();
  private textBytes = 0;
  /** One string per distinct metadata value (up to MAX_INTERNED): a million rows of 50 authors hold 50 strings. */
  private readonly internedTexts = new Map<string, string>();

  /** Slots given out, cleared ones included. */
  get slots(): number {
    return this.ids.length;
  }

  /** About what the text of the held chunks costs, in characters. */
  get bytes(): number {
    return this.textBytes;
  }

  set(slot: number, row: ChunkFields): void {
    this.contents.set(slot, row.content);
    this.metadata.set(slot, row.metadataJson);
    this.setFields(slot, row);
  }

  /** Everything of a row but its text columns. */
  private setFields(slot: number, row: Omit<ChunkFields, 'content' | 'metadataJson'>): void {
    this.ids[slot] = row.id;
    this.docIds[slot] = row.docId;
    for (const [name, value] of row.filterable) {
      columnOf(this.filterTexts, name)[slot] = value.text === null ? null : this.interned(value.text);
      columnOf(this.filterNumbers, name)[slot] = value.number;
    }
    this.textBytes +=
      row.id.length + row.docId.length + this.contents.bytesOf(slot) + this.metadata.bytesOf(slot);
    this.slotOfId.set(row.id, slot);
    const slots = this.slotsOfDoc.get(row.docId);
    if (slots === undefined) this.slotsOfDoc.set(row.docId, slot);
    else if (typeof slots === 'number') this.slotsOfDoc.set(row.docId, [slots, slot]);
    else slots.push(slot);
  }

  /** Lets go of a removed chunk's text, and of its id and document's hold on the slot. */
  clear(slot: number): void {
    const id = this.ids[slot];
    const docId = this.docIds[slot];
    this.textBytes -= id.length + docId.length + this.contents.bytesOf(slot) + this.metadata.bytesOf(slot);
    this.contents.clear(slot);
    this.metadata.clear(slot);
    if (this.slotOfId.get(id) === slot) this.slotOfId.delete(id);
    const slots = this.slotsOf(docId).filter((s) => s !== slot);
    if (slots.length === 0) this.slotsOfDoc.delete(docId);
    else this.slotsOfDoc.set(docId, slots.length === 1 ? slots[0] : slots);
  }

  slotOf(id: string): number | undefined {
    return this.slotOfId.get(id);
  }

  /** The slots of a document's chunks. */
  slotsOf(docId: string): number[] {
    const slots = this.slotsOfDoc.get(docId);
    return slots === undefined ? [] : typeof slots === 'number' ? [slots] : slots;
  }

  chunkId(slot: number): string {
    return this.ids[slot];
  }

  docId(slot: number): string {
    return this.docIds[slot];
  }

  content(slot: number): string {
    return this.contents.get(slot);
  }

  metadataText(name: string, slot: number): string | null {
    return this.filterTexts.get(name)?.[slot] ?? null;
  }

  metadataNumber(name: string, slot: number): number | null {
    return this.filterNumbers.get(name)?.[slot] ?? null;
  }

  /**
   * Empty columns that take `from`'s rows in another order (`copyRow`) without copying their text: what a copy
   * stored group by group holds (mirrored-table.ts).
   */
  static sharingText(from: ChunkColumns): ChunkColumns {
    const columns = new ChunkColumns();
    columns.contents = TextColumn.sharing(from.contents);
    columns.metadata = TextColumn.sharing(from.metadata);
    return columns;
  }

  /** Stores `from`'s row `fromSlot` as row `slot`, as `set` would, its text shared when it can be. */
  copyRow(slot: number, from: ChunkColumns, fromSlot: number): void {
    this.contents.copyRow(slot, from.contents, fromSlot);
    this.metadata.copyRow(slot, from.metadata, fromSlot);
    this.setFields(slot, from.fieldsAt(fromSlot, false));
  }

  /** Bytes of the text blocks and row indexes, each block counted once across the columns given `seen`. */
  heldBytes(seen: Set<object>): number {
    return this.contents.heldBytes(seen) + this.metadata.heldBytes(seen);
  }

  /** A held chunk's fields as they came in (compaction copies them into fresh columns). */
  fieldsAt(slot: number): ChunkFields;
  fieldsAt(slot: number, withText: false): Omit<ChunkFields, 'content' | 'metadataJson'>;
  fieldsAt(slot: number, withText = true): Omit<ChunkFields, 'content' | 'metadataJson'> {
    const filterable = new Map<string, FilterValue>();
    for (const [name, texts] of this.filterTexts) {
      filterable.set(name, {
        text: texts[slot] ?? null,
        number: this.filterNumbers.get(name)?.[slot] ?? null,
      });
    }
    const fields = { id: this.ids[slot], docId: this.docIds[slot], filterable };
    if (!withText) return fields;
    const text = { content: this.contents.get(slot), metadataJson: this.metadata.get(slot) };
    return { ...fields, ...text };
  }

  /** A held chunk as a search answers it. */
  chunkAt(slot: number, distance: number | null): StoredChunk {
    return {
      chunkId: this.ids[slot],
      docId: this.docIds[slot],
      content: this.contents.get(slot),
      metadata: JSON.parse(this.metadata.get(slot)) as Record<string, JsonValue>,
      distance,
      score: null,
    };
  }

  /** The columns as held, for the copy's file (copy-file.ts); the metadata columns as [name, texts, numbers]. */
  get parts(): ColumnParts {
    return {
      ids: this.ids,
      docIds: this.docIds,
      contents: this.contents.parts,
      metadata: this.metadata.parts,
      filters: [...this.filterTexts].map(([name, texts]) => [
        name,
        texts,
        this.filterNumbers.get(name) ?? [],
      ]),
    };
  }

  /**
   * Columns made of `parts`; the slots `removed` says were cleared are neither found by id nor by document.
   * `pause` lets requests in between slices of the work (a million rows take seconds).
   */
  static async of(
    parts: ColumnParts,
    removed: (slot: number) => boolean,
    pause: () => Promise<void> | undefined,
  ): Promise<ChunkColumns> {
    const columns = new ChunkColumns();
    columns.ids = parts.ids.slice();
    columns.docIds = parts.docIds.slice();
    columns.contents = TextColumn.of(parts.contents);
    columns.metadata = TextColumn.of(parts.metadata);
    for (const [name, texts, numbers] of parts.filters) {
      const held: (string | null)[] = new Array(texts.length);
      for (let slot = 0; slot < texts.length; slot++) {
        const text = texts[slot];
        held[slot] = text === null ? null : columns.interned(text);
        if (slot % 4096 === 0) await pause();
      }
      columns.filterTexts.set(name, held);
      columns.filterNumbers.set(name, numbers.slice());
    }
    for (let slot = 0; slot < parts.ids.length; slot++) {
      if (slot % 4096 === 0) await pause();
      if (removed(slot)) continue;
      const id = parts.ids[slot];
      const docId = parts.docIds[slot];
      columns.textBytes +=
        id.length + docId.length + columns.contents.bytesOf(slot) + columns.metadata.bytesOf(slot);
      columns.slotOfId.set(id, slot);
      const slots = columns.slotsOfDoc.get(docId);
      if (slots === undefined) columns.slotsOfDoc.set(docId, slot);
      else if (typeof slots === 'number') columns.slotsOfDoc.set(docId, [slots, slot]);
      else slots.push(slot);
    }
    return columns;
  }

  private interned(text: string): string {
    const held = this.internedTexts.get(text);
    if (held !== undefined) return held;
    if (this.internedTexts.size < MAX_INTERNED) this.internedTexts.set(text, text);
    return text;
  }
}

function columnOf<T>(columns: Map<string, T[]>, name: string): T[] {
  let column = columns.get(name);
  if (!column) columns.set(name, (column = []));
  return column;
}

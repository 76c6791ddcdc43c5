// The rows a search copy keeps, from a write's records or from a batch of the table's own rows.
import {
  lowercaseKeys,
  metadataColumns,
  metadataNameOf,
  numberValue,
  textValue,
  type ChunkRecord,
} from '../vector-schema';
import type { FilterValue, MirrorRow } from './chunk-columns';

/** A record the store writes, as the copy keeps it. */
export function mirrorRow(record: ChunkRecord): MirrorRow {
  const filterable = new Map<string, FilterValue>();
  // As recordsToArrow fills the table's metadata columns.
  for (const [name, value] of lowercaseKeys(record.filterable)) {
    filterable.set(name, { text: textValue(value), number: numberValue(value) });
  }
  return {
    id: record.id,
    docId: record.docId,
    content: record.content,
    metadataJson: JSON.stringify(record.metadata),
    vector: record.vector,
    filterable,
  };
}

interface ArrowBatch {
  numRows: number;
  schema: { fields: { name: string }[] };
  getChild(name: string): { get(i: number): unknown } | null;
}

/** A batch read from the table (the copy's load), as the copy keeps its rows. */
export function rowsOf(batch: ArrowBatch): MirrorRow[] {
  const column = (name: string) => {
    const found = batch.getChild(name);
    if (!found) throw new Error(`the vector table's rows have no ${name} column`);
    return found;
  };
  const [ids, docIds, contents, metadata, vectors] = ['id', 'doc_id', 'content', 'metadata', 'vector'].map(
    column,
  );
  // Each metadata name's text column and number column (`m_s_<hex>`, `m_n_<hex>`).
  const filterColumns = batch.schema.fields.flatMap((field) => {
    const name = metadataNameOf(field.name);
    return name === null
      ? []
      : [{ name, text: column(field.name), number: column(metadataColumns(name).number) }];
  });
  return Array.from({ length: batch.numRows }, (_, i) => {
    const filterable = new Map<string, FilterValue>();
    for (const f of filterColumns) {
      const text = f.text.get(i) as string | null;
      const number = f.number.get(i) as number | null;
      if (text !== null || number !== null) filterable.set(f.name, { text, number });
    }
    return {
      id: ids.get(i) as string,
      docId: docIds.get(i) as string,
      content: contents.get(i) as string,
      metadataJson: metadata.get(i) as string,
      // A view on the batch's values (no copy): the copy quantises it at once.
      vector: (vectors.get(i) as { toArray(): Float32Array }).toArray(),
      filterable,
    };
  });
}

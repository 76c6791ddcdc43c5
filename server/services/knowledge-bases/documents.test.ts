import { describe, expect, it } from 'vitest';
import { CHUNK_METADATA_KEYS } from '../../../protocol/api/knowledge-bases';
import {
  chunkDocuments,
  keepLastRowPerId,
  rowsToDocuments,
  toJsonValue,
  type DocumentSpec,
} from './documents';

const defaults: DocumentSpec = { contentColumns: ['content'], metadataColumns: null, idColumn: null };

describe('rowsToDocuments + chunkDocuments', () => {
  it('gives the api.md example id and metadata', () => {
    const spec: DocumentSpec = { contentColumns: ['notes'], metadataColumns: ['color'], idColumn: 'ref' };
    const docs = rowsToDocuments(
      [{ ref: 'A1B', notes: 'Request color: black', color: 'black', other: 1 }],
      spec,
    );
    const chunks = chunkDocuments(docs);
    expect(chunks).toHaveLength(1);
    expect(chunks[0].chunkId).toBe('A1B:notes:1of1:0to20');
    expect(chunks[0].docId).toBe('A1B');
    expect(chunks[0].content).toBe('Request color: black');
    expect(chunks[0].metadata).toEqual({
      chunk_index: 0,
      content_column: 'notes',
      start_char: 0,
      end_char: 20,
      original_doc_id: 'A1B',
      original_row_index: '0',
      source: 'TextChunkingPreprocessor',
      color: 'black',
    });
    // The chunker's keys first, in the order the protocol lists them (api.md's), then the KB's own columns.
    expect(Object.keys(chunks[0].metadata)).toEqual([...CHUNK_METADATA_KEYS, 'color']);
  });

  it('uses the id column named `id` by default', () => {
    const chunks = chunkDocuments(rowsToDocuments([{ id: 7, content: 'hello' }], defaults));
    expect(chunks[0].chunkId).toBe('7:content:1of1:0to5');
  });

  it('falls back to the first 16 hex chars of the md5 of the text when there is no id', () => {
    const text = 'no id here';
    const md5 = '32808ab6a3aa1c7f'; // hashlib.md5(b'no id here').hexdigest()[:16]
    const chunks = chunkDocuments(rowsToDocuments([{ content: text, author: 'ann' }], defaults));
    expect(chunks[0].chunkId).toBe(`${md5}:content:1of1:0to10`);
    expect(chunks[0].metadata.original_doc_id).toBe(md5);
  });

  it('makes one document per content column', () => {
    const spec: DocumentSpec = { contentColumns: ['title', 'body'], metadataColumns: null, idColumn: 'id' };
    const docs = rowsToDocuments(
      [{ id: 'r1', title: 'Refunds', body: 'Refunds take 5 days.', lang: 'en' }],
      spec,
    );
    const chunks = chunkDocuments(docs);
    expect(chunks.map((c) => c.chunkId)).toEqual(['r1:title:1of1:0to7', 'r1:body:1of1:0to20']);
    expect(chunks[1].metadata.lang).toBe('en');
    expect(chunks[1].metadata).not.toHaveProperty('title');
    expect(chunks[1].metadata).not.toHaveProperty('id');
  });

  it('skips empty, blank and missing content', () => {
    const rows = [
      { id: 'a', content: '' },
      { id: 'b', content: '   ' },
      { id: 'c', content: null },
      { id: 'd' },
      { id: 'e', content: 'kept' },
    ];
    const docs = rowsToDocuments(rows, defaults);
    expect(docs.map((d) => d.id)).toEqual(['e']);
    expect(docs[0].rowIndex).toBe(4);
  });

  it('takes all other columns as metadata when none are named, keeping JSON types', () => {
    const [doc] = rowsToDocuments([{ id: 1, content: 'x', year: 2021, tags: ['a'], big: 12n }], defaults);
    expect(doc.metadata).toEqual({ year: 2021, tags: ['a'], big: 12 });
  });

  it('takes only the named metadata columns (null when absent)', () => {
    const spec: DocumentSpec = { ...defaults, metadataColumns: ['author', 'missing'] };
    const [doc] = rowsToDocuments([{ content: 'x', author: 'ann', year: 2020 }], spec);
    expect(doc.metadata).toEqual({ author: 'ann', missing: null });
  });

  it('matches column names case-insensitively when the exact name is absent', () => {
    const spec: DocumentSpec = { contentColumns: ['Body'], metadataColumns: null, idColumn: 'ID' };
    const chunks = chunkDocuments(rowsToDocuments([{ id: 'k', body: 'text' }], spec));
    expect(chunks[0].chunkId).toBe('k:Body:1of1:0to4');
  });

  it('numbers rows across batches and chunks long texts with n of m', () => {
    const text = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    const chunks = chunkDocuments(rowsToDocuments([{ id: 'long', content: text }], defaults, 2000));
    expect(chunks.map((c) => c.chunkId)).toEqual([
      'long:content:1of4:0to993',
      'long:content:2of4:994to1993',
      'long:content:3of4:1994to2993',
      'long:content:4of4:2994to3089',
    ]);
    expect(chunks.map((c) => c.metadata.chunk_index)).toEqual([0, 1, 2, 3]);
    expect(chunks[3].metadata.original_row_index).toBe('2000');
  });

  it('honours a custom chunk size', () => {
    const docs = rowsToDocuments([{ id: 'p', content: 'aaaa bbbb cccc dddd' }], defaults);
    const chunks = chunkDocuments(docs, {
      chunkSize: 10,
      chunkOverlap: 0,
      separators: ['\n\n', '\n', ' ', ''],
    });
    expect(chunks.map((c) => c.chunkId)).toEqual(['p:content:1of2:0to9', 'p:content:2of2:10to19']);
  });
});

describe('keepLastRowPerId', () => {
  it('keeps only the last row of each id, with all its content columns', () => {
    const spec: DocumentSpec = { contentColumns: ['a', 'b'], metadataColumns: null, idColumn: null };
    const docs = rowsToDocuments(
      [
        { id: 'x', a: 'old a', b: 'old b' },
        { id: 'y', a: 'only y' },
        { id: 'x', a: 'new a', b: 'new b' },
      ],
      spec,
    );
    expect(keepLastRowPerId(docs).map((d) => `${d.id}:${d.text}`)).toEqual([
      'y:only y',
      'x:new a',
      'x:new b',
    ]);
  });
});

describe('toJsonValue', () => {
  it('keeps JSON values and converts the rest', () => {
    expect(toJsonValue(undefined)).toBeNull();
    expect(toJsonValue(2n ** 70n)).toBe('1180591620717411303424');
    expect(toJsonValue(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(toJsonValue({ a: [1, NaN] })).toEqual({ a: [1, 'NaN'] });
  });
});

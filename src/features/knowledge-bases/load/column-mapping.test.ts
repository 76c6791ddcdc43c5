import { describe, expect, it } from 'vitest';
import { feedsFrom, initialMapping, kbColumns, mappingProblem } from './column-mapping';

describe('column mapping', () => {
  it('fills in the server defaults', () => {
    expect(kbColumns({ id: 1, name: 'kb' })).toEqual({ content: ['content'], metadata: null, id: 'id' });
  });

  it('matches same names, guesses text columns, and keeps the rest as metadata', () => {
    const kb = kbColumns({ id: 1, name: 'kb' });
    const mapping = initialMapping(kb, ['ID', 'body', 'author', 'year']);
    expect(mapping).toEqual({
      content: { content: 'body' },
      id: 'ID',
      metadata: {},
      extra: ['author', 'year'],
    });
    expect(feedsFrom(kb, mapping)).toEqual([
      { source: 'ID', target: 'id' },
      { source: 'body', target: 'content' },
      { source: 'author', target: 'author' },
      { source: 'year', target: 'year' },
    ]);
  });

  it('feeds named metadata columns and skips unmapped ones', () => {
    const kb = kbColumns({
      id: 1,
      name: 'kb',
      content_columns: ['notes'],
      metadata_columns: ['who', 'when'],
      id_column: 'ref',
    });
    const mapping = initialMapping(kb, ['notes', 'who', 'other']);
    expect(mapping).toEqual({
      content: { notes: 'notes' },
      id: '',
      metadata: { who: 'who', when: '' },
      extra: [],
    });
    expect(feedsFrom(kb, mapping)).toEqual([
      { source: 'notes', target: 'notes' },
      { source: 'who', target: 'who' },
    ]);
  });

  it('keeps no metadata when the KB names an empty list', () => {
    const kb = kbColumns({ id: 1, name: 'kb', metadata_columns: [] });
    const mapping = initialMapping(kb, ['id', 'content', 'author']);
    expect(mapping.extra).toEqual([]);
    expect(feedsFrom(kb, mapping)).toEqual([
      { source: 'id', target: 'id' },
      { source: 'content', target: 'content' },
    ]);
  });

  it('says what is missing', () => {
    const kb = kbColumns({ id: 1, name: 'kb', content_columns: ['a', 'b'] });
    expect(mappingProblem(kb, { content: { a: 'x', b: '' }, id: '', metadata: {}, extra: [] })).toBe(
      'Choose the column that holds b.',
    );
    expect(mappingProblem(kb, { content: { a: 'x', b: 'y' }, id: '', metadata: {}, extra: [] })).toBeNull();
  });

  it('does not load a column again as metadata once it feeds the id', () => {
    const kb = kbColumns({ id: 1, name: 'kb' });
    const mapping = { ...initialMapping(kb, ['article_id', 'body', 'author']), id: 'article_id' };
    expect(feedsFrom(kb, mapping)).toEqual([
      { source: 'article_id', target: 'id' },
      { source: 'body', target: 'content' },
      { source: 'author', target: 'author' },
    ]);
  });

  it('does not feed the same KB column twice from the extras', () => {
    const kb = kbColumns({ id: 1, name: 'kb' });
    expect(
      feedsFrom(kb, { content: { content: 'text' }, id: '', metadata: {}, extra: ['content', 'x'] }),
    ).toEqual([
      { source: 'text', target: 'content' },
      { source: 'x', target: 'x' },
    ]);
  });
});

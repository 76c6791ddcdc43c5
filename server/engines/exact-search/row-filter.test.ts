import { describe, expect, it } from 'vitest';
import type { FilterNode } from '../vector-filter';
import { compileRowFilter, type FilterableRows } from './row-filter';

/** Three rows: a tag of 't1', no tag at all, and a tag of 't2'; a number written as text. */
const data = [
  { docId: 'a', tag: 't1', score: '10' },
  { docId: 'b', tag: null, score: null },
  { docId: 'c', tag: 't2', score: '3' },
];
const rows: FilterableRows = {
  docId: (r) => data[r].docId,
  chunkId: (r) => `${data[r].docId}:0`,
  content: () => 'text',
  metadataText: (name, r) => (name === 'tag' ? data[r].tag : name === 'score' ? data[r].score : null),
  metadataNumber: (name, r) => (name === 'score' && data[r].score !== null ? Number(data[r].score) : null),
};

const accepted = (filters: FilterNode[]) => {
  const accept = compileRowFilter(filters, rows);
  if (!accept) throw new Error('not compiled');
  return data
    .map((_, r) => r)
    .filter(accept)
    .map((r) => data[r].docId);
};

describe('compileRowFilter', () => {
  it('treats NULL as SQL does: neither a comparison nor its negation passes', () => {
    expect(accepted([{ column: 'tag', op: '!=', value: 't1' }])).toEqual(['c']);
    expect(accepted([{ not: { column: 'tag', op: '=', value: 't1' } }])).toEqual(['c']);
    expect(accepted([{ column: 'tag', op: 'not in', value: ['t1'] }])).toEqual(['c']);
    expect(accepted([{ column: 'tag', op: 'is null' }])).toEqual(['b']);
    expect(
      accepted([
        {
          or: [
            { column: 'tag', op: '=', value: 't9' },
            { column: 'tag', op: 'is null' },
          ],
        },
      ]),
    ).toEqual(['b']);
  });

  it('compares numbers as numbers and text as text, as the table does', () => {
    // As numbers: 10 > 5 (as text, '10' < '5').
    expect(accepted([{ column: 'score', op: '>', value: 5 }])).toEqual(['a']);
    expect(accepted([{ column: 'score', op: 'between', value: [1, 3] }])).toEqual(['c']);
    expect(accepted([{ column: 'score', op: '=', value: '10' }])).toEqual(['a']);
    // A list of a number and a text compares as text: '3' is in ('3', 'x').
    expect(accepted([{ column: 'SCORE', op: 'in', value: [3, 'x'] }])).toEqual(['c']);
    expect(accepted([{ column: 'id', op: 'in', value: ['a', 'c'] }])).toEqual(['a', 'c']);
  });

  it('leaves LIKE, text ranges and ranges on id to the table', () => {
    for (const filter of [
      { column: 'tag', op: 'like', value: 't%' },
      { column: 'tag', op: '>', value: 't1' },
      { column: 'id', op: '<', value: 5 },
      {
        and: [
          { column: 'tag', op: '=', value: 't1' },
          { column: 'chunk_content', op: 'not like', value: '%x' },
        ],
      },
    ] as FilterNode[]) {
      expect(compileRowFilter([filter], rows), JSON.stringify(filter)).toBeNull();
    }
  });
});

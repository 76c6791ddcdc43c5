import { describe, expect, it } from 'vitest';
import { parseSearchHits } from './search';

describe('parseSearchHits', () => {
  it('reads the seed columns by name', () => {
    const hits = parseSearchHits({
      type: 'table',
      column_names: ['id', 'chunk_id', 'chunk_content', 'metadata', 'distance', 'relevance'],
      data: [['A1', 'A1:content:1of1:0to5', 'hello', { author: 'ann', chunk_index: 0 }, 0.25, 0.8]],
    });
    expect(hits).toEqual([
      {
        id: 'A1',
        chunkId: 'A1:content:1of1:0to5',
        content: 'hello',
        metadata: { author: 'ann', chunk_index: 0 },
        relevance: 0.8,
        distance: 0.25,
      },
    ]);
  });

  it('tolerates another column order, JSON-text metadata, numbers as text and null scores', () => {
    const hits = parseSearchHits({
      type: 'table',
      column_names: ['distance', 'relevance', 'metadata', 'chunk_content', 'chunk_id', 'id'],
      data: [
        ['0.5', null, '{"a":1}', 'text', 'c', 7],
        [null, null, 'not json', null, 'd', null],
      ],
    });
    expect(hits[0]).toMatchObject({ id: '7', distance: 0.5, relevance: null, metadata: { a: 1 } });
    expect(hits[1]).toMatchObject({ id: '', content: '', metadata: { value: 'not json' } });
  });
});

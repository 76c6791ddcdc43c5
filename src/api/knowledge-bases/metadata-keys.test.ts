import { describe, expect, it } from 'vitest';
import { isBookkeepingKey, splitMetadata } from './metadata-keys';

describe('metadata bookkeeping keys', () => {
  it("treats ours and MindsDB's underscored keys as bookkeeping, the user's keys as their own", () => {
    for (const k of [
      'chunk_index',
      '_chunk_index',
      '_chunk_id',
      '_original_doc_id',
      '_updated_at',
      '_source',
    ])
      expect(isBookkeepingKey(k), k).toBe(true);
    for (const k of ['author', '_author', 'chunky', 'updated_at']) expect(isBookkeepingKey(k), k).toBe(false);
    expect(splitMetadata({ _chunk_index: 0, author: 'ann', _start_char: 0, lang: 'en' })).toEqual({
      own: [
        ['author', 'ann'],
        ['lang', 'en'],
      ],
      bookkeeping: [
        ['_chunk_index', 0],
        ['_start_char', 0],
      ],
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  encodeJsonLine,
  encodeSqlSseEvent,
  parseJsonLines,
  parseSqlSse,
  sqlResultFromPieces,
  sqlResultPieces,
} from './sql-stream';

const table = {
  type: 'table' as const,
  column_names: ['id', 'note'],
  data: [
    [1, 'line\nbreak'],
    [2, 'data: not an event'],
    [3, null],
  ],
  context: { db: 'mindsdb' },
};

describe('the jsonlines / sse framing of a SQL result', () => {
  it('is a header without context, then batches of rows', () => {
    expect([...sqlResultPieces(table, 2)]).toEqual([
      { type: 'table', column_names: ['id', 'note'] },
      [table.data[0], table.data[1]],
      [table.data[2]],
    ]);
    expect([...sqlResultPieces({ ...table, data: [] })]).toEqual([
      { type: 'table', column_names: ['id', 'note'] },
      [],
    ]);
  });

  it('writes an ok or error result as its one piece', () => {
    const error = { type: 'error' as const, error_code: 0, error_message: 'no', context: { db: 'x' } };
    expect([...sqlResultPieces(error)]).toEqual([error]);
  });

  it('reads back what it writes, in both encodings, whatever the batch size', () => {
    for (const batch of [1, 2, 1000]) {
      const pieces = [...sqlResultPieces(table, batch)];
      const lines = pieces.map(encodeJsonLine).join('');
      const events = pieces.map(encodeSqlSseEvent).join('');
      const { context: _context, ...withoutContext } = table;
      expect(sqlResultFromPieces(parseJsonLines(lines))).toEqual(withoutContext);
      expect(sqlResultFromPieces(parseSqlSse(events))).toEqual(withoutContext);
    }
  });

  it('refuses pieces that do not follow the framing', () => {
    expect(() => sqlResultFromPieces([])).toThrow(/does not start/);
    expect(() => sqlResultFromPieces([{ type: 'table', column_names: [] }, { a: 1 }])).toThrow(
      /batch of rows/,
    );
    expect(() => sqlResultFromPieces([{ type: 'ok' }, []])).toThrow(/one piece/);
  });
});

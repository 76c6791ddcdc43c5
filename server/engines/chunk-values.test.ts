import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkRows, valueReaderFor } from './chunk-values';
import { converterFor, type JsonValue } from './json-values';

/** One row of every kind of column, then edge values and NULLs, as a users' SELECT may give. */
const EVERY_KIND = `
SELECT * FROM (VALUES
  (true, 1::TINYINT, -2::SMALLINT, 3::INTEGER, 9007199254740993::BIGINT, 4::UTINYINT, 5::USMALLINT, 6::UINTEGER,
   18446744073709551615::UBIGINT, 170141183460469231731687303715884105727::HUGEINT, 7::UHUGEINT, 1.5::FLOAT,
   2.25::DOUBLE, 'text é ☕', 12.345::DECIMAL(10,3), DATE '2026-11-26', TIMESTAMP '2026-11-26 12:00:01',
   TIMESTAMPTZ '2026-11-26 12:00:01+00', TIME '12:00:01', INTERVAL 3 DAY, [1, 2, 9007199254740993],
   {'n': 10::BIGINT, 'd': 1.5::DECIMAL(4,1), 's': 'x'}, MAP {'k': 42::BIGINT}, '\\x00\\xff'::BLOB,
   'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::UUID, ['x', NULL], [1.5, 2.5]::DOUBLE[2]),
  (false, -128, 32767, -2147483648, -9007199254740991, 255, 65535, 4294967295,
   9007199254740991, -1, 0, 'nan'::FLOAT, 'inf'::DOUBLE, '', -0.001, DATE '1970-01-01', TIMESTAMP '1970-01-01',
   TIMESTAMPTZ '1970-01-01 00:00:00+00', TIME '00:00:00', INTERVAL 1 MONTH, [], {'n': NULL, 'd': NULL, 's': NULL},
   MAP {}, ''::BLOB, NULL, [], [NULL, '-inf'::DOUBLE]::DOUBLE[2]),
  (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
   NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)
) t`;

let instance: DuckDBInstance;
let connection: DuckDBConnection;

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  connection = await instance.connect();
});
afterAll(() => {
  connection.closeSync();
  instance.closeSync();
});

/** The engine's generic JSON conversion, row by row, then ours: what the column readers must give. */
async function rowByRow(sql: string): Promise<JsonValue[][]> {
  const reader = await connection.runAndReadAll(sql);
  const converters = reader.columnTypes().map(converterFor);
  return (reader.getRowsJson() as JsonValue[][]).map((row) =>
    row.map((v, i) => (v !== null && converters[i] ? converters[i](v) : v)),
  );
}

async function columnAtATime(sql: string, onValue?: (v: JsonValue) => boolean) {
  const result = await connection.stream(sql);
  const readers = result.columnTypes().map(valueReaderFor);
  const rows: JsonValue[][] = [];
  for (
    let chunk = await result.fetchChunk();
    chunk && chunk.rowCount > 0;
    chunk = await result.fetchChunk()
  ) {
    const part = chunkRows(chunk, readers, chunk.rowCount, onValue);
    if (!part) return undefined;
    rows.push(...part);
  }
  return rows;
}

describe('chunkRows', () => {
  it('reads every kind of column as the generic JSON conversion does', async () => {
    const expected = await rowByRow(EVERY_KIND);
    const rows = await columnAtATime(EVERY_KIND);
    expect(rows).toEqual(expected);
    // The edges that the direct readers handle themselves.
    expect(rows![0][4]).toBe('9007199254740993'); // past 2^53: exact text
    expect(rows![1][4]).toBe(-9007199254740991); // the last safe integer: a number
    expect(rows![0][8]).toBe('18446744073709551615');
    expect(rows![1][11]).toBe('NaN');
    expect(rows![1][12]).toBe('Infinity');
    expect(rows![2].every((v) => v === null)).toBe(true);
  });

  it('reads a result of several chunks in order', async () => {
    const sql = 'SELECT range AS n, range::VARCHAR AS s FROM range(5000)';
    const rows = await columnAtATime(sql);
    expect(rows).toHaveLength(5000);
    expect(rows).toEqual(await rowByRow(sql));
  });

  it('stops at the value the caller refuses, reading no further', async () => {
    let seen = 0;
    const rows = await columnAtATime('SELECT range AS n FROM range(100)', () => ++seen < 10);
    expect(rows).toBeUndefined();
    expect(seen).toBe(10);
  });
});

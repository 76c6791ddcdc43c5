import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors';
import { buildWhere, type FilterNode } from './vector-filter';
import { metadataColumns } from './vector-schema';

const ctx = { metadata: new Set(['author', 'year']), label: "knowledge base 'kb'" };
const A = metadataColumns('author');
const Y = metadataColumns('year');
const where = (...filters: FilterNode[]) => buildWhere(filters, ctx);

describe('buildWhere', () => {
  it('compares text on the text column and numbers on the number column', () => {
    expect(where({ column: 'author', op: '=', value: 'ann' })).toBe(`\`${A.text}\` = 'ann'`);
    expect(where({ column: 'year', op: '>', value: 2020 })).toBe(`\`${Y.number}\` > 2020`);
    expect(where({ column: 'year', op: '=', value: '2021' })).toBe(`\`${Y.text}\` = '2021'`);
    expect(where({ column: 'YEAR', op: '!=', value: true })).toBe(`\`${Y.number}\` != 1`);
  });

  it('maps the built-in columns', () => {
    expect(where({ column: 'id', op: '=', value: 7 })).toBe("`doc_id` = '7'");
    expect(where({ column: 'chunk_id', op: 'like', value: 'a%' })).toBe("`id` LIKE 'a%'");
    expect(where({ column: 'chunk_content', op: 'not like', value: '%x%' })).toBe("`content` NOT LIKE '%x%'");
  });

  it('renders IN, BETWEEN and NULL tests', () => {
    expect(where({ column: 'author', op: 'in', value: ['ann', 'bob'] })).toBe(
      `\`${A.text}\` IN ('ann', 'bob')`,
    );
    expect(where({ column: 'year', op: 'not in', value: [1, 2] })).toBe(`\`${Y.number}\` NOT IN (1, 2)`);
    expect(where({ column: 'year', op: 'between', value: [2000, 2010] })).toBe(
      `\`${Y.number}\` BETWEEN 2000 AND 2010`,
    );
    expect(where({ column: 'author', op: 'between', value: ['a', 'm'] })).toBe(
      `\`${A.text}\` BETWEEN 'a' AND 'm'`,
    );
    expect(where({ column: 'author', op: 'is null' })).toBe(`\`${A.text}\` IS NULL`);
    expect(where({ column: 'author', op: '=', value: null })).toBe(`\`${A.text}\` IS NULL`);
    expect(where({ column: 'author', op: '!=', value: null })).toBe(`\`${A.text}\` IS NOT NULL`);
  });

  it('escapes quotes so that a value can never end the literal', () => {
    expect(where({ column: 'author', op: '=', value: "o'brien" })).toBe(`\`${A.text}\` = 'o''brien'`);
    expect(where({ column: 'author', op: '=', value: "x' OR '1'='1" })).toBe(
      `\`${A.text}\` = 'x'' OR ''1''=''1'`,
    );
  });

  it('combines with AND, OR and NOT', () => {
    expect(
      where(
        { column: 'author', op: '=', value: 'ann' },
        {
          or: [{ column: 'year', op: '<', value: 2000 }, { not: { column: 'year', op: '>=', value: 2020 } }],
        },
      ),
    ).toBe(`\`${A.text}\` = 'ann' AND (\`${Y.number}\` < 2000 OR (NOT \`${Y.number}\` >= 2020))`);
    expect(where()).toBeUndefined();
  });

  it('names an unknown column and lists the known ones', () => {
    expect(() => where({ column: 'colour', op: '=', value: 'red' })).toThrow(
      "Unknown column 'colour' in knowledge base 'kb' (columns: id, chunk_id, chunk_content, author, year)",
    );
    try {
      where({ column: 'colour', op: '=', value: 'red' });
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).field).toBe('colour');
    }
  });

  it('rejects malformed conditions', () => {
    expect(() => where({ column: 'year', op: 'between', value: [1] })).toThrow(
      /BETWEEN on 'year' needs 2 values/,
    );
    expect(() => where({ column: 'year', op: 'in', value: [] })).toThrow(
      /IN on 'year' needs at least 1 values/,
    );
    expect(() => where({ column: 'year', op: 'like', value: 3 })).toThrow(/needs a text pattern/);
    expect(() => where({ column: 'year', op: '>', value: null })).toThrow(/cannot compare with NULL/);
    expect(() => where({ column: 'year', op: '>', value: Infinity })).toThrow(/finite/);
  });
});

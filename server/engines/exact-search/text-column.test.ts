import { describe, expect, it } from 'vitest';
import { TextColumn } from './text-column';

describe('TextColumn', () => {
  it('gives back every row as stored, across blocks, with any Unicode', () => {
    const column = new TextColumn();
    const texts = Array.from(
      { length: 5000 },
      (_, i) => `row ${i} ${'é€𝄞'.repeat(i % 7)} ${'x'.repeat(i % 400)}`,
    );
    texts.push('', 'y'.repeat(3 << 20));
    texts.forEach((text, row) => column.set(row, text));
    texts.forEach((text, row) => expect(column.get(row)).toBe(text));
    expect(column.bytesOf(2)).toBe(Buffer.byteLength(texts[2]));
    column.clear(3);
    expect(column.get(3)).toBe('');
    expect(column.get(4)).toBe(texts[4]);
  });

  it('takes an empty text as its first row', () => {
    const column = new TextColumn();
    column.set(0, '');
    column.set(1, 'b');
    expect([column.get(0), column.get(1)]).toEqual(['', 'b']);
  });

  it('refuses rows out of order', () => {
    const column = new TextColumn();
    column.set(0, 'a');
    expect(() => column.set(2, 'c')).toThrow(/in order/);
  });
});

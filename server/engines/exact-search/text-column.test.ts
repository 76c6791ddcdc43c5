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

  it('stores rows again in another order pointing at the same bytes, unless most of them were cleared', () => {
    const column = new TextColumn();
    const texts = Array.from({ length: 3000 }, (_, i) => `row ${i} ${'x'.repeat(i % 900)}`);
    texts.forEach((text, row) => column.set(row, text));
    const order = texts.map((_, i) => (i * 7) % texts.length);
    const copy = (from: TextColumn) => {
      const to = TextColumn.sharing(from);
      order.forEach((fromRow, row) => to.copyRow(row, from, fromRow));
      return to;
    };
    const shared = copy(column);
    order.forEach((fromRow, row) => expect(shared.get(row)).toBe(texts[fromRow]));
    // Counted across both, each block once: the copy adds its row index alone.
    const seen = new Set<object>();
    const alone = column.heldBytes(new Set());
    expect(column.heldBytes(seen) + shared.heldBytes(seen)).toBeLessThan(alone * 1.1);
    // A row written after it shares is copied into blocks of its own.
    column.set(3000, 'late');
    shared.copyRow(3000, column, 3000);
    expect(shared.get(3000)).toBe('late');
    expect(column.get(2999)).toBe(texts[2999]);
    // Once cleared rows hold most of the bytes, the rows copied take their text along, and the rest is let go.
    for (let row = 0; row < 2000; row++) column.clear(row);
    const compacted = TextColumn.sharing(column);
    for (let row = 2000; row < 3000; row++) compacted.copyRow(row - 2000, column, row);
    expect(compacted.get(999)).toBe(texts[2999]);
    expect(compacted.heldBytes(new Set([...seen]))).toBeGreaterThan(alone / 4);
    expect(compacted.heldBytes(new Set())).toBeLessThan(alone / 2);
  });

  it('refuses rows out of order', () => {
    const column = new TextColumn();
    column.set(0, 'a');
    expect(() => column.set(2, 'c')).toThrow(/in order/);
  });
});

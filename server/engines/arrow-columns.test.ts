import { describe, expect, it } from 'vitest';
import { float64Column, utf8Column } from './arrow-columns';

describe('Arrow columns built from values', () => {
  it('keeps text of any script, empty strings and nulls', () => {
    const values = ['plain', '', null, 'καλημέρα', '日本語 ✓', null, "it's"];
    const column = utf8Column(values);
    expect(column.length).toBe(values.length);
    expect(column.nullCount).toBe(2);
    expect(column.toArray()).toEqual(values);
  });

  it('keeps numbers and nulls', () => {
    const values = [1.5, null, -3, 0, null, 2e20];
    const column = float64Column(values);
    expect(column.nullCount).toBe(2);
    expect(Array.from({ length: values.length }, (_, i) => column.get(i))).toEqual(values);
  });

  it('marks nulls past the first byte of the validity map', () => {
    const values = Array.from({ length: 20 }, (_, i) => (i % 9 === 0 ? null : `v${i}`));
    expect(utf8Column(values).toArray()).toEqual(values);
  });
});

import { describe, expect, it } from 'vitest';
import { splitRow, tableFromSource } from './pipe-tables';

describe('splitRow', () => {
  it('drops the outer pipes, splits on the others and keeps escaped ones', () => {
    expect(splitRow('| a | b \\| c |  |')).toEqual(['a', 'b | c', '']);
    expect(splitRow('a|b')).toEqual(['a', 'b']);
  });
});

describe('tableFromSource', () => {
  it('reads a header, the alignment row and the body', () => {
    const table = tableFromSource(
      '| id | item | amount |\n| :-- | :-: | --: |\n| 1 | pen | 2.5 |\n| 2 | book |',
    );
    expect(table?.align).toEqual(['left', 'center', 'right']);
    const text = table!.children.map((r) =>
      r.children.map((c) => (c.children[0] as { value?: string } | undefined)?.value ?? ''),
    );
    expect(text).toEqual([
      ['id', 'item', 'amount'],
      ['1', 'pen', '2.5'],
      ['2', 'book', ''],
    ]);
  });

  it('leaves text that is not a pipe table alone', () => {
    expect(tableFromSource('a | b')).toBeNull();
    expect(tableFromSource('| a | b |\nnot a delimiter')).toBeNull();
    expect(tableFromSource('| a | b |\n| --- |')).toBeNull();
    expect(tableFromSource('| a | b |\n| --- | --- |\nno pipes here')).toBeNull();
  });
});

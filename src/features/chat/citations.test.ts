import { describe, expect, it } from 'vitest';
import { citedChunkIds, splitCitations } from './citations';

describe('splitCitations', () => {
  it.each([
    ['no citation', 'Plain text.', [{ text: 'Plain text.' }]],
    [
      'one in brackets',
      'Black [A1B:notes:1of1:0to20].',
      [{ text: 'Black ' }, { chunkId: 'A1B:notes:1of1:0to20' }, { text: '.' }],
    ],
    [
      'a bare id',
      'See A1B:notes:1of1:0to20 here',
      [{ text: 'See ' }, { chunkId: 'A1B:notes:1of1:0to20' }, { text: ' here' }],
    ],
    [
      'several in one pair of brackets',
      'x [a-1:body:1of3:0to993, b.2:body:2of3:994to1993; c_3:t:1of1:0to5]',
      [
        { text: 'x ' },
        { chunkId: 'a-1:body:1of3:0to993' },
        { chunkId: 'b.2:body:2of3:994to1993' },
        { chunkId: 'c_3:t:1of1:0to5' },
      ],
    ],
    [
      'in parentheses the parentheses stay',
      '(k:c:1of1:0to1)',
      [{ text: '(' }, { chunkId: 'k:c:1of1:0to1' }, { text: ')' }],
    ],
    [
      'something that only looks close',
      'at 10:30:1of:2to3 and a:b:c',
      [{ text: 'at 10:30:1of:2to3 and a:b:c' }],
    ],
  ])('%s', (_name, text, expected) => {
    expect(splitCitations(text)).toEqual(expected);
  });
});

describe('citedChunkIds', () => {
  it('lists each cited id once, in order', () => {
    expect(citedChunkIds('[b:c:1of1:0to1] then [a:c:1of1:0to1] and b:c:1of1:0to1')).toEqual([
      'b:c:1of1:0to1',
      'a:c:1of1:0to1',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { chunksById, parseKbObservation, parseLooseObject } from './kb-observation';
import { parseTableObservation } from './tool-observation';

const COLUMNS = "Output columns: 'id', 'chunk_id', 'chunk_content', 'metadata', 'distance', 'relevance'";

describe('parseKbObservation', () => {
  it('reads rows after the column line, with a Python-style metadata dict', () => {
    const text = [
      COLUMNS,
      'id,chunk_id,chunk_content,metadata,distance,relevance',
      `A1B,A1B:notes:1of1:0to20,"Request color: black","{'_chunk_index': 0, '_source': 'TextChunkingPreprocessor', '_author': 'ann', '_reviewed': True, '_note': None}",0.25,0.8`,
    ].join('\n');
    expect(parseKbObservation(text)).toEqual({
      chunks: [
        {
          id: 'A1B',
          chunkId: 'A1B:notes:1of1:0to20',
          content: 'Request color: black',
          distance: 0.25,
          relevance: 0.8,
          metadata: {
            chunk_index: 0,
            source: 'TextChunkingPreprocessor',
            author: 'ann',
            reviewed: true,
            note: null,
          },
        },
      ],
    });
  });

  it('reads rows without a header row, using the announced columns, and JSON metadata', () => {
    const text = `${COLUMNS}\nX,X:body:1of2:0to9,"Line one\nline ""two""","{""_start_char"": 0}",,`;
    const chunk = parseKbObservation(text)!.chunks[0];
    expect(chunk).toMatchObject({
      chunkId: 'X:body:1of2:0to9',
      content: 'Line one\nline "two"',
      metadata: { start_char: 0 },
      relevance: null,
      distance: null,
    });
  });

  it('takes metadata spread over underscore columns', () => {
    const text = 'id,chunk_id,chunk_content,_chunk_index,_author,relevance\nA,A:c:1of1:0to1,x,0,bo,0.5';
    expect(parseKbObservation(text)!.chunks[0].metadata).toEqual({ chunk_index: '0', author: 'bo' });
  });

  it('keeps a metadata cell it cannot read as text', () => {
    const text = `${COLUMNS}\nA,A:c:1of1:0to1,x,"{'d': datetime.date(2024, 1, 1)}",,`;
    expect(parseKbObservation(text)!.chunks[0].metadata).toEqual({
      metadata: "{'d': datetime.date(2024, 1, 1)}",
    });
  });

  it('accepts an empty result', () => {
    expect(parseKbObservation(`${COLUMNS}\n`)).toEqual({ chunks: [] });
  });

  it('is null for text that is not a knowledge-base result', () => {
    expect(parseKbObservation('Error: knowledge base kb2 does not exist')).toBeNull();
    expect(parseKbObservation('["kb1", "kb2"]')).toBeNull();
    expect(parseKbObservation('')).toBeNull();
  });
});

describe('parseTableObservation', () => {
  it('reads the rows of an SQL tool observation, with or without a repeated header', () => {
    const rows = {
      columns: ['name', 'n'],
      rows: [
        ['pen', '2'],
        ['a, b', '3'],
      ],
    };
    expect(parseTableObservation(`Output columns: 'name', 'n'\nname,n\npen,2\n"a, b",3`)).toEqual(rows);
    expect(parseTableObservation(`Output columns: 'name', 'n'\npen,2\n"a, b",3`)).toEqual(rows);
    expect(parseTableObservation(`Output columns: 'count'\n`)).toEqual({ columns: ['count'], rows: [] });
  });

  it('is null for text without the column line', () => {
    expect(parseTableObservation('name,n\npen,2')).toBeNull();
    expect(parseTableObservation('Error: no such table')).toBeNull();
  });
});

describe('parseLooseObject', () => {
  it('reads JSON and Python dicts, keeping quotes and keywords inside strings', () => {
    expect(parseLooseObject('{"a": 1}')).toEqual({ a: 1 });
    expect(parseLooseObject(`{'q': "it's None", 'n': None, 'x': 'say \\'hi\\''}`)).toEqual({
      q: "it's None",
      n: null,
      x: "say 'hi'",
    });
    expect(parseLooseObject('[1]')).toBeNull();
    expect(parseLooseObject('nope')).toBeNull();
  });
});

describe('chunksById', () => {
  it('indexes the chunks of every observation, first one wins', () => {
    const a = 'chunk_id,chunk_content\nk:c:1of1:0to1,first';
    const b = 'chunk_id,chunk_content\nk:c:1of1:0to1,second\nm:c:1of1:0to1,other';
    const map = chunksById([a, 'not a result', b]);
    expect([...map.keys()]).toEqual(['k:c:1of1:0to1', 'm:c:1of1:0to1']);
    expect(map.get('k:c:1of1:0to1')!.content).toBe('first');
  });
});

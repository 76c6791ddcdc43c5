import { describe, expect, it } from 'vitest';
import { chunkText, DEFAULT_CHUNKING, type TextChunk } from './text-chunker';

const spans = (chunks: TextChunk[]) => chunks.map((c) => `${c.start}to${c.end}`);

/** Every chunk's content must be exactly the source text between its offsets (in code points). */
function expectTrueOffsets(text: string, chunks: TextChunk[]) {
  const points = Array.from(text);
  for (const c of chunks) expect(c.content).toBe(points.slice(c.start, c.end).join(''));
}

describe('chunkText (api.md test vectors)', () => {
  it('keeps 999 characters as one chunk', () => {
    const chunks = chunkText('a'.repeat(999));
    expect(spans(chunks)).toEqual(['0to999']);
  });

  it('keeps exactly 1000 characters as one chunk and emits no empty tail', () => {
    const chunks = chunkText('a'.repeat(1000));
    expect(spans(chunks)).toEqual(['0to1000']);
    expect(chunks[0].content).toHaveLength(1000);
  });

  it('splits word0 .. word399 at spaces', () => {
    const text = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    expect(text).toHaveLength(3089);
    const chunks = chunkText(text);
    expect(spans(chunks)).toEqual(['0to993', '994to1993', '1994to2993', '2994to3089']);
    expectTrueOffsets(text, chunks);
    expect(chunks[0].content.endsWith('word')).toBe(false);
    expect(chunks[1].content.startsWith('word')).toBe(true);
  });

  it('splits 8 paragraphs at paragraph breaks with true offsets', () => {
    const paragraphs = Array.from({ length: 8 }, (_, i) => `Sentence number ${i} is here. `.repeat(12));
    const text = paragraphs.join('\n\n');
    expect(text).toHaveLength(2606);
    const chunks = chunkText(text);
    expect(spans(chunks)).toEqual(['0to976', '978to1954', '1956to2606']);
    expectTrueOffsets(text, chunks);
    expect(chunks[0].content).toBe(paragraphs.slice(0, 3).join('\n\n'));
  });
});

describe('chunkText (rules)', () => {
  it('returns nothing for empty or blank text', () => {
    expect(chunkText('')).toEqual([]);
    expect(chunkText('   \n\n  ')).toEqual([]);
  });

  it('never emits a blank chunk between long runs of whitespace', () => {
    const text = `${'x'.repeat(50)}${' '.repeat(30)}${'y'.repeat(50)}`;
    const chunks = chunkText(text, {
      chunkSize: 20,
      chunkOverlap: 5,
      separators: DEFAULT_CHUNKING.separators,
    });
    expect(chunks.length).toBeGreaterThan(0);
    for (const c of chunks) expect(c.content.trim()).not.toBe('');
    expectTrueOffsets(text, chunks);
  });

  it('counts code points, not UTF-16 units', () => {
    const text = '😀'.repeat(1500); // 1500 code points, 3000 UTF-16 units
    const chunks = chunkText(text);
    expect(spans(chunks)).toEqual(['0to1000', '1000to1500']);
    expect(Array.from(chunks[0].content)).toHaveLength(1000);
    expectTrueOffsets(text, chunks);
  });

  it('finds separators by code point offset in text with surrogate pairs', () => {
    const text = `${'😀'.repeat(700)}\n\n${'é'.repeat(600)}`;
    const chunks = chunkText(text);
    expect(spans(chunks)).toEqual(['0to700', '702to1302']);
    expectTrueOffsets(text, chunks);
  });

  it('moves back to a line break within the overlap, so the next chunk overlaps this one', () => {
    // Window of 1000: a line break at 700 and spaces up to 850. The first pass picks the space at 850 (a blank
    // separator); the second pass finds the line break, which gives up 150 < 200 characters, so the next
    // chunk starts right after the line break.
    const text = `${'a'.repeat(700)}\n${'b'.repeat(149)} ${'c'.repeat(600)}`;
    const chunks = chunkText(text);
    expect(spans(chunks)).toEqual(['0to850', '701to1451']);
    expectTrueOffsets(text, chunks);
  });

  it('does not move back when the line break is further than the overlap', () => {
    const text = `${'a'.repeat(600)}\n${'b'.repeat(249)} ${'c'.repeat(600)}`;
    const chunks = chunkText(text);
    expect(spans(chunks)).toEqual(['0to850', '851to1451']);
  });

  it('prefers a line break near the end of the window to a later space', () => {
    const text = `${'a'.repeat(800)}\n${'b'.repeat(100)} ${'c'.repeat(500)}`;
    expect(spans(chunkText(text))).toEqual(['0to800', '801to1402']);
  });

  it('chunks a long text without separators', () => {
    // A separator search reaching back to the start of the text once made this take minutes, far past the
    // test's time limit; it takes milliseconds. (Speed itself is measured by `npm run bench:kb`.)
    const chunks = chunkText('a'.repeat(2_000_000));
    expect(chunks).toHaveLength(2000);
    expect(chunks[1999]).toMatchObject({ start: 1_999_000, end: 2_000_000 });
  });

  it('honours a custom chunk size and rejects a bad one', () => {
    const text = 'one two three four five six seven eight nine ten';
    // In a 10-point window a space only counts in the last sixth (10 - pos < 10 * 0.5 / 3), so most cuts are hard.
    const chunks = chunkText(text, {
      chunkSize: 10,
      chunkOverlap: 2,
      separators: DEFAULT_CHUNKING.separators,
    });
    expect(chunks.map((c) => c.content)).toEqual([
      'one two th',
      'ree four f',
      'ive six se',
      'ven eight',
      'nine ten',
    ]);
    expectTrueOffsets(text, chunks);
    expect(() => chunkText(text, { ...DEFAULT_CHUNKING, chunkSize: 0 })).toThrow(/chunk_size/);
    expect(() => chunkText(text, { ...DEFAULT_CHUNKING, chunkSize: 10, chunkOverlap: 10 })).toThrow(
      /chunk_overlap/,
    );
  });
});

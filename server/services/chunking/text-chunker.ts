/**
 * The default text chunker of a knowledge base.
 *
 * Boundaries follow MindsDB's recursive splitter so that the same text gives the same chunks there and here;
 * offsets differ on purpose: ours are the chunk's true offsets in the source text, counted in Unicode code
 * points (MindsDB's drift when chunks overlap). A chunk that is empty or only whitespace is never emitted.
 */

export interface ChunkingConfig {
  /** Largest chunk, in code points. */
  chunkSize: number;
  /** How far a chunk may reach back into the previous one when a line break is a better boundary. */
  chunkOverlap: number;
  /** Boundaries in priority order; `""` means "anywhere" and should come last. */
  separators: readonly string[];
}

export const DEFAULT_CHUNKING: ChunkingConfig = Object.freeze({
  chunkSize: 1000,
  chunkOverlap: 200,
  separators: Object.freeze(['\n\n', '\n', ' ', '']),
});

/** The name MindsDB gives this preprocessor; it is written into each chunk's metadata as `source`. */
export const CHUNKER_NAME = 'TextChunkingPreprocessor';

export interface TextChunk {
  content: string;
  /** Offset of the first code point, inclusive. */
  start: number;
  /** Offset after the last code point, exclusive. */
  end: number;
}

/** Reads a text by code point offsets; strings without surrogate pairs skip the conversion (the common case). */
interface CodePointText {
  readonly length: number;
  slice(start: number, end: number): string;
  /** Offset (relative to `from`) of the last occurrence of `sep` that fits inside [from, to), or -1. */
  lastIndexIn(sep: string, from: number, to: number): number;
}

// Classes rather than object literals with closures: a chunker runs once per document, and the server runs
// through a loader that names every closure as it is made (a property definition each, a cost an insert's
// main thread felt: docs/measurements.md).
class PlainText implements CodePointText {
  constructor(private readonly text: string) {}

  get length(): number {
    return this.text.length;
  }

  slice(start: number, end: number): string {
    return this.text.slice(start, end);
  }

  lastIndexIn(sep: string, from: number, to: number): number {
    if (sep === '') return to - from;
    // Searched inside the window only: a search from `to` back to the text's start would make a long text
    // without this separator take time quadratic in its length.
    return this.text.slice(from, to).lastIndexOf(sep);
  }
}

class SurrogateText implements CodePointText {
  private readonly points: string[];

  constructor(text: string) {
    this.points = Array.from(text);
  }

  get length(): number {
    return this.points.length;
  }

  slice(start: number, end: number): string {
    return this.points.slice(start, end).join('');
  }

  lastIndexIn(sep: string, from: number, to: number): number {
    const sepPoints = Array.from(sep);
    if (sepPoints.length === 0) return to - from;
    outer: for (let at = to - sepPoints.length; at >= from; at--) {
      for (let k = 0; k < sepPoints.length; k++) if (this.points[at + k] !== sepPoints[k]) continue outer;
      return at - from;
    }
    return -1;
  }
}

function codePointText(text: string): CodePointText {
  return /[\uD800-\uDFFF]/.test(text) ? new SurrogateText(text) : new PlainText(text);
}

function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** A space or the hard cut: a poor place to end a chunk, unlike a line or paragraph break. */
function isBlank(sep: string): boolean {
  return /^[ \t]*$/.test(sep);
}

interface Boundary {
  /** Where the chunk ends, relative to the window start. */
  pos: number;
  /** How far the text moves on: past the separator, which belongs to neither chunk. */
  move: number;
  blank: boolean;
}

/**
 * The first separator (in priority order) whose last occurrence in the window is close enough to the window's
 * end: `size - pos < kr * size / (i * kq + 1)`. Later separators must sit ever closer to the end.
 */
function findBoundary(
  text: CodePointText,
  from: number,
  size: number,
  separators: readonly string[],
  kr: number,
  kq: number,
): Boundary | null {
  for (let i = 0; i < separators.length; i++) {
    const sep = separators[i];
    const pos = text.lastIndexIn(sep, from, from + size);
    if (pos < 0) continue;
    if (size - pos < (kr * size) / (i * kq + 1)) {
      return { pos, move: pos + codePointLength(sep), blank: isBlank(sep) };
    }
  }
  return null;
}

export function validateChunking(config: ChunkingConfig): void {
  const { chunkSize, chunkOverlap } = config;
  if (!Number.isInteger(chunkSize) || chunkSize < 1) {
    throw new RangeError(`chunk_size must be a positive integer, got ${chunkSize}`);
  }
  if (!Number.isInteger(chunkOverlap) || chunkOverlap < 0 || chunkOverlap >= chunkSize) {
    throw new RangeError(`chunk_overlap must be an integer from 0 to chunk_size - 1, got ${chunkOverlap}`);
  }
}

/** The text from `start` to `end` as the next chunk, unless it is blank. */
function addChunk(chunks: TextChunk[], source: CodePointText, start: number, end: number): void {
  const content = source.slice(start, end);
  if (content.trim() !== '') chunks.push({ content, start, end });
}

/** Splits `text` into chunks of at most `chunkSize` code points. */
export function chunkText(text: string, config: ChunkingConfig = DEFAULT_CHUNKING): TextChunk[] {
  validateChunking(config);
  const { chunkSize: size, chunkOverlap: overlap, separators } = config;
  const source = codePointText(text);
  const chunks: TextChunk[] = [];

  let start = 0;
  while (source.length - start >= size) {
    // Without "" among the separators nothing may match: cut hard at the window's end.
    const first = findBoundary(source, start, size, separators, 0.5, 1) ?? {
      pos: size,
      move: size,
      blank: true,
    };
    let move = first.move;
    if (first.blank) {
      // A space or a hard cut is a poor boundary: prefer a line break a little further back, even though the
      // next chunk then repeats some text, as long as it gives up less than the overlap.
      const better = findBoundary(source, start, size, separators, 0.75, 0);
      if (better && !better.blank && move - better.move < overlap) move = better.move;
    }
    addChunk(chunks, source, start, start + first.pos);
    start += Math.max(1, move);
  }
  if (start < source.length) addChunk(chunks, source, start, source.length);
  return chunks;
}

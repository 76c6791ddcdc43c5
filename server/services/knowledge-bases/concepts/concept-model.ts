import { stemmer } from 'stemmer';
import { forEachWord, STOP_WORD_SET } from '../../../providers/lexical';
import { leadingSingular, type SparseRows } from './randomized-svd';

/** Dimensions of the concept space: enough for the topics of a knowledge base, few enough to merge synonyms. */
const RANK = 64;
/** Terms kept at most (the most frequent): rarer ones say little about which topic a text belongs to. */
const MAX_TERMS = 30_000;
/** A term in fewer chunks than this has no co-occurrence to learn from. */
const MIN_CHUNKS_PER_TERM = 2;
/**
 * Below this many chunks a KB has too few co-occurrences for RANK topics (a few chunks per dimension), and its
 * concept model is noise: such a KB keeps the `local` embedding's closeness (docs/measurements.md).
 */
export const MIN_CHUNKS = 4 * RANK;
const MAX_REMEMBERED_STEMS = 200_000;
/** Chunk texts whose place a model remembers (about 5 MB at rank 64). */
const MAX_PLACED = 20_000;
const DIGITS = /^\d+$/;

/** Every word of a text in order, Porter-stemmed, stop words included (they count in distances between words). */
export function stemsInOrder(text: string, stems: Map<string, string>): string[] {
  const out: string[] = [];
  const lower = text.toLowerCase();
  forEachWord(lower, (start, end) => {
    const word = lower.slice(start, end);
    let stem = stems.get(word);
    if (stem === undefined) {
      stem = STOP_WORD_SET.has(word) ? word : stemmer(word);
      if (stems.size < MAX_REMEMBERED_STEMS) stems.set(word, stem);
    }
    out.push(stem);
  });
  return out;
}

/**
 * Content words of a text, Porter-stemmed ("uploads" and "uploading" meet), with their counts. Words are read
 * by character codes as the `local` embedding reads them (a regular expression per word was the cost of a
 * search); `stems` remembers each word's stem.
 */
export function termCounts(text: string, stems: Map<string, string>): Map<string, number> {
  const counts = new Map<string, number>();
  const lower = text.toLowerCase();
  forEachWord(lower, (start, end) => {
    if (end - start < 2) return;
    const word = lower.slice(start, end);
    if (STOP_WORD_SET.has(word) || DIGITS.test(word)) return;
    let stem = stems.get(word);
    if (stem === undefined) {
      stem = stemmer(word);
      if (stems.size < MAX_REMEMBERED_STEMS) stems.set(word, stem);
    }
    counts.set(stem, (counts.get(stem) ?? 0) + 1);
  });
  return counts;
}

export interface ConceptModelParts {
  terms: string[];
  idf: Float32Array;
  vectors: Float32Array;
  rank: number;
  chunks: number;
}

/**
 * What a knowledge base's own chunks say about which words go together: latent semantic analysis (a truncated
 * SVD of the chunks' tf-idf matrix) learned from the chunks themselves. A text is placed in the concept space by
 * its terms (folded in: the sum of its terms' vectors, weighted by tf-idf); two texts that use different words
 * of one topic land close, which the words alone (BM25, the hashed `local` embedding) cannot see.
 * Nothing is downloaded or trained elsewhere: the model is what the user's documents hold.
 */
export class ConceptModel {
  private readonly stems = new Map<string, string>();
  /** Placed chunk texts: a chunk is a candidate of many searches, and placing it costs a pass over its words. */
  private readonly placed = new Map<string, Float32Array | null>();

  private constructor(
    private readonly index: Map<string, number>,
    private readonly idf: Float32Array,
    /** `terms x rank`, row-major: each term's coordinates divided by the singular values (fold-in). */
    private readonly vectors: Float32Array,
    readonly rank: number,
    /** Chunks the model was learned from. */
    readonly chunks: number,
  ) {}

  /** What a model is made of, to hand it from the thread that learned it (a structured-clone value). */
  parts(): ConceptModelParts {
    return {
      terms: [...this.index.keys()],
      idf: this.idf,
      vectors: this.vectors,
      rank: this.rank,
      chunks: this.chunks,
    };
  }

  static fromParts(parts: ConceptModelParts): ConceptModel {
    return new ConceptModel(
      new Map(parts.terms.map((t, i) => [t, i])),
      parts.idf,
      parts.vectors,
      parts.rank,
      parts.chunks,
    );
  }

  /** Learns the model from chunk texts; null when they are too few or share too few words to learn from. */
  static learn(texts: readonly string[]): ConceptModel | null {
    if (texts.length < MIN_CHUNKS) return null;
    const stems = new Map<string, string>();
    const counted = texts.map((t) => termCounts(t, stems));
    const df = new Map<string, number>();
    for (const counts of counted) for (const term of counts.keys()) df.set(term, (df.get(term) ?? 0) + 1);
    const kept = [...df]
      .filter(([, n]) => n >= MIN_CHUNKS_PER_TERM)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, MAX_TERMS);
    if (kept.length < 2) return null;
    const index = new Map(kept.map(([term], i) => [term, i]));
    const n = texts.length;
    const idf = Float32Array.from(kept, ([, d]) => Math.log((n + 1) / (d + 0.5)));
    const matrix = tfIdfRows(counted, index, idf);
    const svd = leadingSingular(matrix, Math.min(RANK, n - 1, kept.length - 1));
    const vectors = new Float32Array(kept.length * svd.rank);
    for (let t = 0; t < kept.length; t++) {
      for (let i = 0; i < svd.rank; i++)
        vectors[t * svd.rank + i] = svd.right[t * svd.rank + i] / svd.values[i];
    }
    return new ConceptModel(index, idf, vectors, svd.rank, n);
  }

  /** Content terms of a text (stemmed, each once, in order). */
  termsOf(text: string): string[] {
    return [...termCounts(text, this.stems).keys()];
  }

  /** The words of a text in order (stemmed), as the proximity of its terms is measured on them. */
  wordsOf(text: string): string[] {
    return stemsInOrder(text, this.stems);
  }

  /** How rare a term is among the chunks; a term the model does not know counts as the rarest. */
  idfOf(term: string): number {
    const t = this.index.get(term);
    return t === undefined ? Math.log((this.chunks + 1) / 0.5) : this.idf[t];
  }

  /** `place` for a stored chunk's text, remembered (up to MAX_PLACED texts). */
  placeChunk(text: string): Float32Array | null {
    let vector = this.placed.get(text);
    if (vector === undefined) {
      vector = this.place(text);
      if (this.placed.size >= MAX_PLACED) this.placed.clear();
      this.placed.set(text, vector);
    }
    return vector;
  }

  /** The text's unit vector in the concept space; null when the model knows none of its terms. */
  place(text: string): Float32Array | null {
    const out = new Float32Array(this.rank);
    let known = false;
    for (const [term, tf] of termCounts(text, this.stems)) {
      const t = this.index.get(term);
      if (t === undefined) continue;
      known = true;
      const w = (1 + Math.log(tf)) * this.idf[t];
      const base = t * this.rank;
      for (let i = 0; i < this.rank; i++) out[i] += w * this.vectors[base + i];
    }
    if (!known) return null;
    let norm = 0;
    for (let i = 0; i < this.rank; i++) norm += out[i] * out[i];
    if (norm === 0) return null;
    const scale = 1 / Math.sqrt(norm);
    for (let i = 0; i < this.rank; i++) out[i] *= scale;
    return out;
  }
}

/** Cosine of two placed texts, clipped to [0, 1] (texts on opposite topics say no more than unrelated ones). */
export function conceptSimilarity(a: Float32Array | null, b: Float32Array | null): number {
  if (!a || !b) return 0;
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  return Math.min(1, Math.max(0, dot));
}

/** Each chunk's terms weighted (1 + ln tf) * idf, each row of unit length. */
function tfIdfRows(
  counted: readonly Map<string, number>[],
  index: ReadonlyMap<string, number>,
  idf: Float32Array,
): SparseRows {
  const offsets = new Int32Array(counted.length + 1);
  const columns: number[] = [];
  const values: number[] = [];
  counted.forEach((counts, r) => {
    const start = columns.length;
    let norm = 0;
    for (const [term, tf] of counts) {
      const t = index.get(term);
      if (t === undefined) continue;
      const w = (1 + Math.log(tf)) * idf[t];
      columns.push(t);
      values.push(w);
      norm += w * w;
    }
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let p = start; p < values.length; p++) values[p] *= scale;
    offsets[r + 1] = columns.length;
  });
  return {
    rows: counted.length,
    cols: index.size,
    offsets,
    columns: Int32Array.from(columns),
    values: Float32Array.from(values),
  };
}

/**
 * The texts and vectors of `bench:dense`: what a real embedding model's dense vectors look like to an index.
 * Each text starts with its topic's tag word; the "model" (dense-embedding-server.ts) gives it the vector of
 * that topic's centre plus noise drawn from a hash of the whole text, made unit length. So the same text always
 * gets the same vector, texts of a topic lie near each other (nearest neighbours mean something), and the
 * thousands of topics, far apart, give an index real work: it must find the query's topic, then rank its
 * neighbours there, whose similarities differ by a few hundredths.
 */
import fs from 'node:fs/promises';

/** Topics (centres): about 33 texts each at 100,000 rows, 333 at a million. */
export const TOPICS = 3_000;
/** Length of the noise added to a unit centre: a text's cosine to its centre is about 0.78, to a topic mate 0.6. */
const NOISE = 0.8;

/** mulberry32: a small seeded generator whose state stays a 32-bit integer. */
export function seeded(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** FNV-1a over the text's UTF-16 units. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Adds `scale` times a standard normal vector drawn from `seed` to `into` (Box-Muller, two values a draw). */
function addGaussian(into: Float32Array, seed: number, scale: number): void {
  const rand = seeded(seed);
  for (let d = 0; d < into.length; d += 2) {
    const r = Math.sqrt(-2 * Math.log(1 - rand())) * scale;
    const angle = 2 * Math.PI * rand();
    into[d] += r * Math.cos(angle);
    if (d + 1 < into.length) into[d + 1] += r * Math.sin(angle);
  }
}

function normalise(v: Float32Array): Float32Array {
  let sum = 0;
  for (let d = 0; d < v.length; d++) sum += v[d] * v[d];
  const scale = 1 / Math.sqrt(sum);
  for (let d = 0; d < v.length; d++) v[d] *= scale;
  return v;
}

/**
 * Which noise `vectorOf` draws, written into a kept folder (BENCH_DENSE_KEEP): the exact top 10 embeds the
 * rows' texts again, so a folder whose rows were embedded with other noise is refused.
 */
export const NOISE_VERSION = 2;
/** Where a kept folder records the noise its rows were embedded with. */
const noiseFileOf = (folder: string) => `${folder}/noise-version`;

/** Records this noise in a kept folder (BENCH_DENSE_KEEP). */
export async function writeNoiseVersion(folder: string): Promise<void> {
  await fs.writeFile(noiseFileOf(folder), String(NOISE_VERSION));
}

/**
 * Refuses a kept folder (BENCH_DENSE_FROM) whose rows were embedded with other noise (a folder from before
 * the version was recorded was made with the first): the exact top 10 embeds the rows' texts again, so its
 * recall would be measured against other vectors.
 */
export async function checkNoiseVersion(folder: string): Promise<void> {
  const made = Number((await fs.readFile(noiseFileOf(folder), 'utf8').catch(() => '1')).trim());
  if (made !== NOISE_VERSION) {
    throw new Error(
      `${folder} was made by the stand-in model's noise version ${made}, not ${NOISE_VERSION}: build it again`,
    );
  }
}

/** Standard normal values a text's noise is read from: 2^20 of them (4 MB), drawn once. */
const POOL_BITS = 20;
const POOL_MASK = (1 << POOL_BITS) - 1;

/**
 * The deterministic "model": a text's unit vector of `dims` dimensions (see the file's comment). A text's
 * noise is read from a pool of normal values drawn once, at a start and a stride taken from its hash (the
 * stride odd, so that a text reads `dims` different values): drawing fresh normal values for each text cost
 * the stand-in model about 39 s of CPU per million texts, beside the server it is there to feed.
 */
export class ClusteredVectors {
  private readonly centres = new Map<string, Float32Array>();
  private readonly pool: Float32Array;

  constructor(readonly dims: number) {
    this.pool = new Float32Array(1 << POOL_BITS);
    addGaussian(this.pool, 0x5eed, NOISE / Math.sqrt(dims));
  }

  vectorOf(text: string): Float32Array {
    const space = text.indexOf(' ');
    const tag = space < 0 ? text : text.slice(0, space);
    const v = this.centre(tag).slice();
    const hash = hashText(text);
    const stride = (Math.imul(hash, 0x9e3779b1) >>> 12) | 1;
    for (let d = 0, at = hash & POOL_MASK; d < v.length; d++, at = (at + stride) & POOL_MASK)
      v[d] += this.pool[at];
    return normalise(v);
  }

  private centre(tag: string): Float32Array {
    let centre = this.centres.get(tag);
    if (!centre) {
      centre = new Float32Array(this.dims);
      addGaussian(centre, hashText(`centre ${tag}`), 1);
      this.centres.set(tag, normalise(centre));
    }
    return centre;
  }
}

const SYLLABLES = 'ka lo mi ne ru sa ti vo be da fe gu hi jo ku la me ni po qu re si tu va we xo'.split(' ');

/** A topic's tag word: its number written in syllables, so that every topic has its own. */
const tagOf = (topic: number) =>
  `${SYLLABLES[topic % 26]}${SYLLABLES[Math.floor(topic / 26) % 26]}${SYLLABLES[Math.floor(topic / 676) % 26]}x`;

/** Texts drawn like a corpus: a topic, its tag word first, then its words mixed with common ones. */
export class DenseCorpus {
  private readonly rand: () => number;
  private readonly word: () => string;
  private readonly common: string[];
  private readonly topicWords: string[][];

  constructor(seed: number) {
    const words = seeded(11); // the vocabulary is the same for every seed: queries share the rows' words
    this.word = () =>
      Array.from({ length: 2 + Math.floor(words() * 3) }, () => SYLLABLES[Math.floor(words() * 26)]).join('');
    this.common = Array.from({ length: 300 }, this.word);
    this.topicWords = Array.from({ length: TOPICS }, () => Array.from({ length: 12 }, this.word));
    this.rand = seeded(seed);
  }

  /** A text of `words` words (after the tag) about a random topic. */
  text(words: number): string {
    const topic = Math.floor(this.rand() * TOPICS);
    const own = this.topicWords[topic];
    const out = [tagOf(topic)];
    for (let i = 0; i < words; i++) {
      const list = this.rand() < 0.45 ? own : this.common;
      out.push(list[Math.floor(this.rand() * list.length)]);
    }
    return out.join(' ');
  }
}

/** The rows of the benchmark's CSV, in order: document id, text (about 200 characters), author, year. */
export function* denseRows(
  rows: number,
): Generator<{ id: string; text: string; author: string; year: number }> {
  const corpus = new DenseCorpus(7);
  for (let i = 0; i < rows; i++) {
    yield { id: `d${i}`, text: corpus.text(28), author: `author${i % 50}`, year: 2000 + (i % 25) };
  }
}

/** The rows as the CSV the benchmark uploads: id, content, author, year, n (the row's number). */
export async function writeDenseCsv(file: string, rows: number): Promise<void> {
  const handle = await fs.open(file, 'w');
  try {
    let lines = ['id,content,author,year,n'];
    let n = 0;
    for (const row of denseRows(rows)) {
      lines.push(`${row.id},${row.text},${row.author},${row.year},${n++}`);
      if (lines.length === 10_000) {
        await handle.write(`${lines.join('\n')}\n`);
        lines = [];
      }
    }
    await handle.write(`${lines.join('\n')}\n`);
  } finally {
    await handle.close();
  }
}

/**
 * The exact top-10 ids of each query among `rows` (unit vectors, so the dot product orders them as cosine
 * distance does), by brute force here: every row's vector is made again from its text and compared with every
 * query. What a search's recall is measured against.
 */
export function exactTop10(
  vectors: ClusteredVectors,
  queries: readonly Float32Array[],
  rows: Iterable<{ id: string; text: string }>,
): string[][] {
  const best = queries.map(() => ({ ids: [] as string[], scores: [] as number[] }));
  for (const row of rows) {
    const v = vectors.vectorOf(row.text);
    queries.forEach((q, i) => {
      // Four sums side by side: the additions do not wait on each other (a million rows take minutes).
      let a = 0;
      let b = 0;
      let c = 0;
      let e = 0;
      let d = 0;
      for (; d + 3 < q.length; d += 4) {
        a += q[d] * v[d];
        b += q[d + 1] * v[d + 1];
        c += q[d + 2] * v[d + 2];
        e += q[d + 3] * v[d + 3];
      }
      for (; d < q.length; d++) a += q[d] * v[d];
      const dot = a + b + c + e;
      const top = best[i];
      if (top.scores.length === 10 && dot <= top.scores[9]) return;
      let at = top.scores.findIndex((s) => dot > s);
      if (at < 0) at = top.scores.length;
      top.scores.splice(at, 0, dot);
      top.ids.splice(at, 0, row.id);
      top.scores.length = Math.min(10, top.scores.length);
      top.ids.length = top.scores.length;
    });
  }
  return best.map((top) => top.ids);
}

/** `count` short questions drawn the same way as the rows (another seed): each about one topic. */
export function denseQueries(count: number): string[] {
  const corpus = new DenseCorpus(1234);
  return Array.from({ length: count }, () => corpus.text(5));
}

/** `count` queries drawn as denseQueries draws them but none of them: for warming a server before timing. */
export function warmUpQueries(count: number): string[] {
  return denseQueries(2 * count).slice(count);
}

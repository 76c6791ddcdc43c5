/** The generated text of `bench:kb` and the scripts beside it (same seed, same rows). */
import fs from 'node:fs/promises';

/** Deterministic text: 40 topics of 25 words each, mixed with common words, ~200 characters per row. */
export function corpus() {
  // mulberry32: a tiny PRNG whose state stays a 32-bit integer (an LCG in doubles loses bits and repeats).
  let seed = 7;
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const syllables =
    'ka lo mi ne ru sa ti vo be da fe gu hi jo ku la me ni po qu re si tu va we xo yu ze'.split(' ');
  const word = () =>
    Array.from({ length: 2 + Math.floor(rand() * 3) }, () => syllables[Math.floor(rand() * 26)]).join('');
  const topics = Array.from({ length: 40 }, () => Array.from({ length: 25 }, word));
  const common = Array.from({ length: 300 }, word);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const sentence = (topic: string[], n: number) =>
    Array.from({ length: n }, () => (rand() < 0.45 ? pick(topic) : pick(common))).join(' ');
  return { rand, topics, sentence, pick };
}

/** The first `rows` texts of the corpus, one per row, topics in turn: the same for every benchmark. */
export function corpusTexts(rows: number): string[] {
  const { rand, topics, sentence } = corpus();
  return Array.from({ length: rows }, (_, i) =>
    sentence(topics[i % topics.length], 28 + Math.floor(rand() * 8)),
  );
}

/** `rows` one-chunk rows of the corpus as the CSV the benchmarks upload as `files.docs`: id, content, author, year, n. */
export async function writeCorpusCsv(file: string, rows: number): Promise<void> {
  const lines = ['id,content,author,year,n'];
  corpusTexts(rows).forEach((text, i) =>
    lines.push(`d${i},"${text}",author${i % 50},${2000 + (i % 25)},${i}`),
  );
  await fs.writeFile(file, lines.join('\n'));
}

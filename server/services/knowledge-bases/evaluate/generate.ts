/** Questions made from a knowledge base's own chunks, without a language model (see llm-questions.ts for with). */

/** Questions generate_data makes when it names no count (MindsDB's default). */
export const DEFAULT_QUESTION_COUNT = 20;
/** Most questions generate_data may make. */
export const MAX_GENERATED_QUESTIONS = 1_000;
/** Chunks read to draw the questions from (MindsDB's sample size). */
export const SAMPLE_SIZE = 10_000;

/** How the questions were made, written beside each one so that nobody takes them for a model's. */
export const EXTRACTIVE = 'extractive: a sentence of the chunk, not a written question';

export interface SourceChunk {
  id: string;
  content: string;
}

export interface GeneratedQuestion {
  text: string;
  question: string;
  answer: string;
  doc_id: string;
  generated_by: string;
}

const words = (s: string) => s.split(/\s+/).filter(Boolean);

/**
 * The sentence of a chunk that best stands for it: the longest of 5 to 40 words (long enough to be specific,
 * short enough to be a question a person might type); a chunk without one gives its first 30 words.
 */
export function pickSentence(content: string): string {
  const sentences = content
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const fitting = sentences.filter((s) => {
    const n = words(s).length;
    return n >= 5 && n <= 40;
  });
  const best = fitting.sort((a, b) => words(b).length - words(a).length)[0];
  return (best ?? words(content).slice(0, 30).join(' ')).replace(/[.!?]+$/, '');
}

/** A small seeded generator (mulberry32), so the same seed draws the same sample. */
function seeded(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` chunks with some text (fewer when there are fewer), drawn at random with `seed`. */
export function sampleChunks(chunks: readonly SourceChunk[], count: number, seed = 1): SourceChunk[] {
  const usable = chunks.filter((c) => words(c.content).length >= 3);
  const random = seeded(seed);
  const order = usable.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order.slice(0, count).map((i) => usable[i]);
}

/**
 * `count` questions from as many different chunks (fewer when the KB has fewer usable chunks), drawn at random
 * with `seed`. Each question is a sentence of its chunk, asked to find the chunk's document.
 */
export function extractiveQuestions(
  chunks: readonly SourceChunk[],
  count: number,
  seed = 1,
): GeneratedQuestion[] {
  return sampleChunks(chunks, count, seed).map((chunk) => {
    const sentence = pickSentence(chunk.content);
    return {
      text: chunk.content,
      question: sentence,
      answer: sentence,
      doc_id: chunk.id,
      generated_by: EXTRACTIVE,
    };
  });
}

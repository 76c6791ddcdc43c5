import { ValidationError } from '../errors';
import { defaultWorkerCount, EmbeddingWorkers } from './embedding-workers';
import { FNV_OFFSET, fnvStep, isWordCode, mix, STOP_HASHES } from './lexical';
import type { EmbeddingProvider, ModelConfig } from './types';

export const LOCAL_EMBEDDING_MODEL = 'lexical-hash-v1';
export const LOCAL_EMBEDDING_DIMENSIONS = 384;

// Each kind of feature hashes from its own seed so that the word "the" and the trigram "the" differ.
const BIGRAM_SEED = 0x3c6ef372;
const TRIGRAM_SEED = 0x1b873593;
const FOURGRAM_SEED = 0x68e31da4;

// Relative weights: whole words carry the meaning; character n-grams let "refund" match "refunds".
const WORD_WEIGHT = 1;
const STOP_WORD_WEIGHT = 0.15;
const BIGRAM_WEIGHT = 0.6;
const TRIGRAM_WEIGHT = 0.3;
const FOURGRAM_WEIGHT = 0.4;
const SPACE = 32;

/**
 * Texts from which a call is embedded by the worker threads: below it, handing the texts over costs more than
 * it saves (searches embed one text, inserts thousands).
 */
const PARALLEL_FROM_TEXTS = 1000;

/** One pool of workers for every local model of the process (a worker serves any model and length). */
let sharedWorkers: EmbeddingWorkers | null = null;
function workersOf(size: number): EmbeddingWorkers {
  if (sharedWorkers?.size !== size) {
    sharedWorkers?.stop();
    sharedWorkers = new EmbeddingWorkers(size);
  }
  return sharedWorkers;
}

/** 1 + ln(tf) for small counts, looked up rather than computed for every feature. */
const TF_WEIGHT = Float32Array.from({ length: 64 }, (_, tf) => (tf === 0 ? 0 : 1 + Math.log(tf)));

/**
 * Counts features of one text: an open-addressing table of feature hash -> (term count, weight), reused for
 * every text so that embedding allocates nothing per token.
 */
class FeatureCounts {
  private keys = new Int32Array(0);
  private counts = new Float32Array(0);
  private weights = new Float32Array(0);
  private used = new Int32Array(0);
  private size = 0;
  private mask = 0;

  /** Makes room for up to `features` distinct features; the table stays under half full. */
  reset(features: number): void {
    this.size = 0;
    if (features * 2 <= this.keys.length) return;
    let capacity = 1024;
    while (capacity < features * 2) capacity *= 2;
    this.keys = new Int32Array(capacity);
    this.counts = new Float32Array(capacity);
    this.weights = new Float32Array(capacity);
    this.used = new Int32Array(capacity);
    this.mask = capacity - 1;
  }

  add(key: number, weight: number): void {
    if (key === 0) key = 1; // 0 marks an empty slot
    let slot = (key ^ (key >>> 15)) & this.mask;
    while (this.keys[slot] !== 0 && this.keys[slot] !== key) slot = (slot + 1) & this.mask;
    if (this.keys[slot] === key) {
      this.counts[slot]++;
      return;
    }
    this.keys[slot] = key;
    this.counts[slot] = 1;
    this.weights[slot] = weight;
    this.used[this.size++] = slot;
  }

  /** Adds the signed, sub-linearly weighted features into `out[offset..offset+dims)` and clears the table. */
  flushInto(out: Float32Array, offset: number, dims: number): void {
    for (let i = 0; i < this.size; i++) {
      const slot = this.used[i];
      const key = this.keys[slot];
      const tf = this.counts[slot];
      const w = this.weights[slot] * (tf < 64 ? TF_WEIGHT[tf] : 1 + Math.log(tf));
      const scrambled = mix(key ^ 0x5bd1e995);
      out[offset + ((key >>> 0) % dims)] += scrambled < 0 ? -w : w;
      this.keys[slot] = 0;
    }
    this.size = 0;
  }
}

/**
 * The built-in embedding: signed feature hashing of words, word bigrams and character 3- and 4-grams (with
 * word boundaries), weighted 1 + ln(tf), L2-normalised. Deterministic, offline, and fast enough to embed tens
 * of thousands of chunks a second on one core. It captures shared vocabulary, not meaning: it is the
 * default so that the product works with no network and no key, not a substitute for a real model.
 */
export class LocalEmbedding implements EmbeddingProvider {
  readonly provider = 'local';
  private readonly features = new FeatureCounts();

  /**
   * @param workers worker threads that embed large batches (0: always on the calling thread); by default
   *   `KS_EMBED_WORKERS`, else one per core but one, between 1 and 4.
   */
  constructor(
    readonly model: string = LOCAL_EMBEDDING_MODEL,
    readonly dimensions: number = LOCAL_EMBEDDING_DIMENSIONS,
    private readonly workers: number = defaultWorkerCount(),
  ) {}

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (this.workers === 0 || texts.length < PARALLEL_FROM_TEXTS) return this.embedSync(texts);
    const flat = await workersOf(this.workers).embed(this.model, this.dimensions, texts);
    return this.split(flat, texts.length);
  }

  embedSync(texts: readonly string[]): Float32Array[] {
    return this.split(this.embedFlat(texts), texts.length);
  }

  /** The vectors of `texts` one after another in one array (what a worker sends back). */
  embedFlat(texts: readonly string[]): Float32Array {
    const out = new Float32Array(texts.length * this.dimensions);
    for (let i = 0; i < texts.length; i++) this.embedInto(texts[i], out, i * this.dimensions);
    return out;
  }

  private split(flat: Float32Array, count: number): Float32Array[] {
    const dims = this.dimensions;
    return Array.from({ length: count }, (_, i) => flat.subarray(i * dims, (i + 1) * dims));
  }

  private embedInto(raw: string, out: Float32Array, offset: number): void {
    const text = raw.toLowerCase();
    const features = this.features;
    // Each character starts at most one word, one bigram and two n-grams (+2 for the word boundaries).
    features.reset(text.length * 4 + 16);
    let previous = 0;
    let previousStop = true;
    // The word loop is written out (rather than using forEachWord with a callback) because this is the
    // hottest loop of an insert.
    const n = text.length;
    let i = 0;
    while (i < n) {
      while (i < n && !isWordCode(text.charCodeAt(i))) i++;
      const start = i;
      let hash = FNV_OFFSET;
      while (i < n) {
        const c = text.charCodeAt(i);
        if (!isWordCode(c)) break;
        hash = fnvStep(hash, c);
        i++;
      }
      if (i === start) break;
      const stop = STOP_HASHES.has(hash);
      features.add(hash, stop ? STOP_WORD_WEIGHT : WORD_WEIGHT);
      if (previous !== 0 && !(stop && previousStop)) {
        features.add(mix(Math.imul(previous, 31) ^ hash ^ BIGRAM_SEED), BIGRAM_WEIGHT);
      }
      previous = hash;
      previousStop = stop;
      if (!stop) addCharGrams(features, text, start, i);
    }
    features.flushInto(out, offset, this.dimensions);
    normalize(out, offset, this.dimensions);
  }
}

/** Character 3- and 4-grams of ` word `, hashed as a sliding window without building the padded string. */
function addCharGrams(features: FeatureCounts, text: string, start: number, end: number): void {
  let c0 = SPACE;
  let c1 = text.charCodeAt(start);
  let c2 = end - start > 1 ? text.charCodeAt(start + 1) : SPACE;
  // Window [c0 c1 c2 c3] slides over " word "; the padded text has (end - start + 2) characters.
  for (let j = start + 2; j <= end + 1; j++) {
    features.add(fnvStep(fnvStep(fnvStep(TRIGRAM_SEED, c0), c1), c2), TRIGRAM_WEIGHT);
    if (j > end) break;
    const c3 = j < end ? text.charCodeAt(j) : SPACE;
    features.add(fnvStep(fnvStep(fnvStep(fnvStep(FOURGRAM_SEED, c0), c1), c2), c3), FOURGRAM_WEIGHT);
    c0 = c1;
    c1 = c2;
    c2 = c3;
  }
}

function normalize(out: Float32Array, offset: number, dims: number): void {
  let sum = 0;
  for (let i = offset; i < offset + dims; i++) sum += out[i] * out[i];
  if (sum === 0) {
    // Text with no letters or digits: any fixed unit vector keeps cosine distance defined.
    out[offset] = 1;
    return;
  }
  const scale = 1 / Math.sqrt(sum);
  for (let i = offset; i < offset + dims; i++) out[i] *= scale;
}

export function createLocalEmbedding(config: ModelConfig): LocalEmbedding {
  const dims = config.dimensions ?? LOCAL_EMBEDDING_DIMENSIONS;
  if (typeof dims !== 'number' || !Number.isInteger(dims) || dims < 16 || dims > 4096) {
    throw new ValidationError(
      `local embedding: dimensions must be an integer from 16 to 4096, got ${String(dims)}`,
    );
  }
  return new LocalEmbedding(config.model_name ?? LOCAL_EMBEDDING_MODEL, dims);
}

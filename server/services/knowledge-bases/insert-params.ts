import { ValidationError } from '../../errors';
import { DEFAULT_BATCH_ROWS } from './ingest';
import type { InsertOptions } from '../../domain/knowledge-bases';

/** Largest `batch_size`: a batch is held in memory (rows, chunks and vectors) while it is embedded. */
export const MAX_BATCH_SIZE = 100_000;
/** Largest `threads` value accepted: batches embedded at once, each held in memory until it is stored. */
export const MAX_THREADS = 16;
/** Most rows whose batches are held at once (`threads` x `batch_size`), chunks and vectors included. */
export const MAX_ROWS_IN_FLIGHT = 200_000;

/** The parameters of `INSERT INTO kb ... USING ...`, as MindsDB documents them. */
const KNOWN = ['batch_size', 'threads', 'track_column', 'error', 'kb_no_upsert', 'kb_skip_existing'] as const;

function flag(name: string, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw new ValidationError(`${name} must be true or false, got ${JSON.stringify(value)}`, name);
}

function wholeNumber(name: string, value: unknown, max: number): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > max) {
    throw new ValidationError(
      `${name} must be a whole number from 1 to ${max}, got ${JSON.stringify(value)}`,
      name,
    );
  }
  return n;
}

/**
 * Reads the USING block of an INSERT into a knowledge base. Unknown names and values of the wrong type are
 * refused, naming the parameter and what it takes.
 */
export function insertOptionsFromUsing(params: Record<string, unknown> | undefined): InsertOptions {
  if (!params) return {};
  const options: InsertOptions = {};
  for (const [key, value] of Object.entries(params)) {
    switch (key as (typeof KNOWN)[number]) {
      case 'batch_size':
        options.batchSize = wholeNumber(key, value, MAX_BATCH_SIZE);
        break;
      case 'threads':
        // MindsDB takes a count, or true / false to turn threads on or off (on: 4 batches at once).
        options.threads = typeof value === 'boolean' ? (value ? 4 : 1) : wholeNumber(key, value, MAX_THREADS);
        break;
      case 'track_column':
        if (typeof value !== 'string' || value.trim() === '')
          throw new ValidationError('track_column must name a column of the query', key);
        options.trackColumn = value;
        break;
      case 'error':
        if (value !== 'raise' && value !== 'skip')
          throw new ValidationError(`error must be 'raise' or 'skip', got ${JSON.stringify(value)}`, key);
        options.onBatchError = value;
        break;
      case 'kb_no_upsert':
        options.noUpsert = flag(key, value);
        break;
      case 'kb_skip_existing':
        options.skipExisting = flag(key, value);
        break;
      default:
        throw new ValidationError(`Unknown insert parameter '${key}' (known: ${KNOWN.join(', ')})`, key);
    }
  }
  const inFlight = (options.threads ?? 1) * (options.batchSize ?? DEFAULT_BATCH_ROWS);
  if (inFlight > MAX_ROWS_IN_FLIGHT) {
    throw new ValidationError(
      `threads x batch_size is ${inFlight}; at most ${MAX_ROWS_IN_FLIGHT} rows are embedded at once ` +
        '(lower threads or batch_size)',
      'threads',
    );
  }
  if (options.noUpsert && options.skipExisting)
    throw new ValidationError('kb_no_upsert and kb_skip_existing cannot both be true', 'kb_skip_existing');
  return options;
}

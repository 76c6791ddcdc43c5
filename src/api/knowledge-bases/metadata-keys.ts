import { CHUNK_METADATA_KEYS } from '../../../protocol/api/knowledge-bases';

/**
 * Whether a metadata key is the chunker's bookkeeping rather than the user's metadata: ours (`chunk_index`,
 * `start_char`, ...), and MindsDB's, which carry a leading underscore (`_chunk_index`, `_original_doc_id`,
 * `_updated_at`, and any other `_chunk_*` key it adds).
 */
export function isBookkeepingKey(key: string): boolean {
  if (CHUNK_METADATA_KEYS.has(key)) return true;
  if (!key.startsWith('_')) return false;
  const bare = key.slice(1);
  return CHUNK_METADATA_KEYS.has(bare) || bare.startsWith('chunk_') || bare === 'updated_at';
}

/** A chunk's metadata split into the user's own keys and the bookkeeping ones, in their original order. */
export function splitMetadata(metadata: Record<string, unknown>): {
  own: [string, unknown][];
  bookkeeping: [string, unknown][];
} {
  const entries = Object.entries(metadata);
  return {
    own: entries.filter(([k]) => !isBookkeepingKey(k)),
    bookkeeping: entries.filter(([k]) => isBookkeepingKey(k)),
  };
}

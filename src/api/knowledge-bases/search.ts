import type { SqlTableResult } from '../../../protocol/api/sql';

/** One chunk returned by a search on a knowledge base. */
export interface SearchHit {
  id: string;
  chunkId: string;
  content: string;
  metadata: Record<string, unknown>;
  /** In [0, 1], higher is better; null when the query had no semantic condition. */
  relevance: number | null;
  distance: number | null;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

/** Metadata is an object on our server; other servers may send it as JSON text. */
function toMetadata(value: unknown): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // not JSON: keep it visible rather than drop it
    }
    return value ? { value } : {};
  }
  return {};
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Reads the rows of a KB search by column name, so a server that orders its columns differently still works. */
export function parseSearchHits(result: SqlTableResult): SearchHit[] {
  const index = new Map(result.column_names.map((name, i) => [name.toLowerCase(), i]));
  const cell = (row: unknown[], name: string) => {
    const i = index.get(name);
    return i === undefined ? undefined : row[i];
  };
  return result.data.map((row) => ({
    id: text(cell(row, 'id')),
    chunkId: text(cell(row, 'chunk_id')),
    content: text(cell(row, 'chunk_content') ?? cell(row, 'content')),
    metadata: toMetadata(cell(row, 'metadata')),
    relevance: toNumber(cell(row, 'relevance')),
    distance: toNumber(cell(row, 'distance')),
  }));
}

import { readObservation } from './tool-observation';

/**
 * Reads what the knowledge-base tool tells the agent: an `Output columns: 'id', 'chunk_id', ...` line, then
 * the rows as CSV, where the metadata keys carry a leading underscore (`_chunk_index`, ...), either as their
 * own columns or inside a `metadata` column printed as a dict. The metadata cell may be JSON or a
 * Python-style literal (single quotes, None/True/False), so both are read.
 */

export interface KbChunk {
  id: string;
  chunkId: string;
  content: string;
  relevance: number | null;
  distance: number | null;
  /** Keys without their leading underscore. */
  metadata: Record<string, unknown>;
}

export interface KbObservation {
  chunks: KbChunk[];
}

const toNumber = (value: string | undefined): number | null => {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** Rewrites a Python literal into JSON, token by token, so quotes inside strings are never touched. */
function pythonToJson(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"') {
      let value = '';
      let j = i + 1;
      for (; j < text.length && text[j] !== c; j++) {
        if (text[j] === '\\' && j + 1 < text.length) {
          j++;
          const e = text[j];
          value += e === 'n' ? '\n' : e === 't' ? '\t' : e === 'r' ? '\r' : e;
        } else value += text[j];
      }
      out += JSON.stringify(value);
      i = j;
    } else if (/[A-Za-z_]/.test(c)) {
      const word = /^[A-Za-z_]\w*/.exec(text.slice(i))![0];
      const mapped = { None: 'null', True: 'true', False: 'false', nan: 'null', NaN: 'null' }[word];
      out += mapped ?? word;
      i += word.length - 1;
    } else out += c;
  }
  return out;
}

/** A dict printed as JSON or as a Python literal, or null when it is neither. */
export function parseLooseObject(text: string): Record<string, unknown> | null {
  for (const candidate of [text, pythonToJson(text)]) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (value && typeof value === 'object' && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // try the next reading
    }
  }
  return null;
}

const stripUnderscore = (key: string) => key.replace(/^_/, '');

function toChunk(record: Record<string, string>): KbChunk {
  const metadata: Record<string, unknown> = {};
  const printed = record.metadata;
  if (printed) {
    const parsed = parseLooseObject(printed);
    if (parsed) for (const [k, v] of Object.entries(parsed)) metadata[stripUnderscore(k)] = v;
    else metadata.metadata = printed;
  }
  for (const [k, v] of Object.entries(record)) {
    if (k.startsWith('_')) metadata[stripUnderscore(k)] = v;
  }
  return {
    id: record.id ?? '',
    chunkId: record.chunk_id,
    content: record.chunk_content ?? record.content ?? '',
    relevance: toNumber(record.relevance),
    distance: toNumber(record.distance),
    metadata,
  };
}

/** The chunks of a knowledge-base tool observation, or null when the text is not one (an error, say). */
export function parseKbObservation(text: string): KbObservation | null {
  const table = readObservation(text, (row) => row.includes('chunk_id'));
  if (!table || !table.header.includes('chunk_id')) return null;
  const chunks = table.rows.map((row) =>
    toChunk(Object.fromEntries(table.header.map((name, i) => [name, row[i] ?? '']))),
  );
  return { chunks: chunks.filter((c) => c.chunkId) };
}

/** Every chunk the knowledge-base tool returned during a run, by chunk id: what citations point to. */
export function chunksById(observations: Iterable<string>): Map<string, KbChunk> {
  const map = new Map<string, KbChunk>();
  for (const text of observations) {
    for (const chunk of parseKbObservation(text)?.chunks ?? []) {
      if (!map.has(chunk.chunkId)) map.set(chunk.chunkId, chunk);
    }
  }
  return map;
}

import type { KnowledgeBase } from '../../../../protocol/api/knowledge-bases';
import type { ColumnFeed } from '../../../api/knowledge-bases/sql';

/** The columns a KB reads from inserted rows, with the server's defaults filled in. */
export interface KbColumns {
  content: string[];
  /** null: every column that is neither content nor id becomes metadata; [] keeps none. */
  metadata: string[] | null;
  id: string;
}

export function kbColumns(kb: KnowledgeBase): KbColumns {
  return {
    content: kb.content_columns?.length ? kb.content_columns : ['content'],
    metadata: kb.metadata_columns ?? null,
    id: kb.id_column || 'id',
  };
}

/**
 * Which source column feeds each KB column. An empty source means "not loaded": allowed for the id (the
 * server derives one from the text) and for metadata, never for content.
 */
export interface ColumnMapping {
  content: Record<string, string>;
  id: string;
  /** Used when the KB names its metadata columns. */
  metadata: Record<string, string>;
  /** Used when it does not: source columns kept under their own names. */
  extra: string[];
}

/** Names under which text usually sits, in the order they are tried. */
const TEXT_NAMES = [
  'content',
  'text',
  'body',
  'chunk_content',
  'document',
  'description',
  'answer',
  'question',
];

function find(columns: string[], name: string): string | undefined {
  return columns.find((c) => c.toLowerCase() === name.toLowerCase());
}

/** A first mapping: same names where the table has them, likely text columns for content otherwise. */
export function initialMapping(kb: KbColumns, columns: string[]): ColumnMapping {
  const id = find(columns, kb.id) ?? '';
  const content: Record<string, string> = {};
  for (const target of kb.content) {
    const guess =
      find(columns, target) ??
      TEXT_NAMES.map((n) => find(columns, n)).find(
        (c) => c !== undefined && !Object.values(content).includes(c),
      ) ??
      columns.find((c) => c !== id && !Object.values(content).includes(c)) ??
      '';
    content[target] = guess;
  }
  const metadata: Record<string, string> = {};
  for (const target of kb.metadata ?? []) metadata[target] = find(columns, target) ?? '';
  const used = new Set([id, ...Object.values(content)]);
  const extra = kb.metadata === null ? columns.filter((c) => !used.has(c)) : [];
  return { content, id, metadata, extra };
}

/** What is missing before the rows can load, or null when the mapping is complete. */
export function mappingProblem(kb: KbColumns, mapping: ColumnMapping): string | null {
  const missing = kb.content.filter((c) => !mapping.content[c]);
  if (missing.length) return `Choose the column that holds ${missing.join(', ')}.`;
  return null;
}

/** The SELECT list of the INSERT: each chosen source column renamed to the KB column it feeds. */
export function feedsFrom(kb: KbColumns, mapping: ColumnMapping): ColumnFeed[] {
  const feeds: ColumnFeed[] = [];
  if (mapping.id) feeds.push({ source: mapping.id, target: kb.id });
  for (const target of kb.content)
    if (mapping.content[target]) feeds.push({ source: mapping.content[target], target });
  if (kb.metadata !== null) {
    for (const target of kb.metadata)
      if (mapping.metadata[target]) feeds.push({ source: mapping.metadata[target], target });
  } else {
    // An extra chosen before it became the id or content source is not loaded twice.
    const taken = new Set(feeds.flatMap((f) => [f.target.toLowerCase(), f.source.toLowerCase()]));
    for (const source of mapping.extra)
      if (!taken.has(source.toLowerCase())) feeds.push({ source, target: source });
  }
  return feeds;
}

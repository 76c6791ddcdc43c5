/**
 * The columns a knowledge base search answers with, in this order (`SELECT * FROM kb`; MindsDB's names and order): the
 * server writes them, the agents' KB tool passes them on, and the console reads, completes and shows them.
 * `metadata` stands for the KB's metadata columns, which follow in its answer.
 */
export const KB_SEARCH_COLUMNS = [
  'id',
  'chunk_id',
  'chunk_content',
  'metadata',
  'distance',
  'relevance',
] as const;

export type KbSearchColumn = (typeof KB_SEARCH_COLUMNS)[number];

/** Another name a search's WHERE takes for `chunk_content` (MindsDB's): `WHERE content = '...'`. */
export const KB_CONTENT_ALIAS = 'content';

import { KB_SEARCH_COLUMNS } from '../../protocol/kb-search';
import { fakeFetch, sqlTable } from './fake-fetch';

/** The columns of a knowledge base search's answer, in the order the server sends them. */
export const SEARCH_HIT_COLUMNS = [...KB_SEARCH_COLUMNS];

/**
 * Plays the server for the search tab of the knowledge base `mindsdb.{kb.name}`: its settings, no files, one
 * stored row (so the KB is not empty), and `hits` (rows of SEARCH_HIT_COLUMNS) for every search.
 */
export function serveKbSearch(kb: { name: string }, hits: unknown[][]) {
  return fakeFetch((req) => {
    if (req.path === `/api/projects/mindsdb/knowledge_bases/${kb.name}`) return { json: kb };
    if (req.path === '/api/files') return { json: [] };
    const query = (req.body as { query?: string } | undefined)?.query ?? '';
    if (query.startsWith('SELECT id FROM')) return sqlTable(['id'], [['a']]);
    if (query.startsWith('SELECT * FROM')) return sqlTable(SEARCH_HIT_COLUMNS, hits);
    return undefined;
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { quoteName, sqlString } from '../../lib/sql-text';
import { runSql } from '../sql/run-sql';
import { knowledgeBaseKeys } from './keys';
import { parseSearchHits, type SearchHit } from './search';

/**
 * What a KB holds, read with plain SQL on the KB (as MindsDB takes it): its documents grouped by id, and the
 * chunks of one document. Our server answers a grouped SELECT on a KB from at most 10,000 of its chunks
 * (MAX_KB_TABLE_ROWS); the page says so when the KB holds more.
 */

const kbRef = (project: string, kb: string) => `${quoteName(project)}.${quoteName(kb)}`;

/** An id as it came back: integer ids stay numbers in the WHERE, others are text. */
const idLiteral = (id: string | number) => (typeof id === 'number' ? String(id) : sqlString(id));

export interface DocumentRow {
  id: string | number;
  chunks: number;
}

export interface DocumentsPage {
  documents: DocumentRow[];
  /** Whether another page follows (one row more than a page was asked for). */
  more: boolean;
}

export const DOCUMENTS_PAGE_SIZE = 25;

/** One page of documents, by id; `search` keeps documents with a chunk containing the text. */
export function documentsSql(project: string, kb: string, page: number, search: string): string {
  const where = search.trim() ? ` WHERE chunk_content LIKE ${sqlString(`%${search.trim()}%`)}` : '';
  return (
    `SELECT id, count(*) AS chunks FROM ${kbRef(project, kb)}${where} GROUP BY id ORDER BY id` +
    ` LIMIT ${DOCUMENTS_PAGE_SIZE + 1} OFFSET ${page * DOCUMENTS_PAGE_SIZE}`
  );
}

export function documentChunksSql(project: string, kb: string, id: string | number): string {
  return `SELECT * FROM ${kbRef(project, kb)} WHERE id = ${idLiteral(id)}`;
}

async function table(query: string, project: string, signal?: AbortSignal) {
  const result = await runSql({ query, context: { db: project }, signal });
  if (result.type === 'error') throw new Error(result.error_message);
  if (result.type !== 'table') throw new Error('The server answered without rows');
  return result;
}

export function useKbDocuments(project: string, kb: string, page: number, search: string) {
  return useQuery({
    queryKey: knowledgeBaseKeys.documents(project, kb, page, search.trim()),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<DocumentsPage> => {
      const result = await table(documentsSql(project, kb, page, search), project, signal);
      const rows = result.data.map((r) => ({
        id: r[0] as string | number,
        chunks: Number(r[1]),
      }));
      return { documents: rows.slice(0, DOCUMENTS_PAGE_SIZE), more: rows.length > DOCUMENTS_PAGE_SIZE };
    },
  });
}

/** The chunks of one document, in their order in the text. */
export function useDocumentChunks(project: string, kb: string, id: string | number | null) {
  return useQuery({
    queryKey: knowledgeBaseKeys.chunks(project, kb, id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }): Promise<SearchHit[]> => {
      const result = await table(documentChunksSql(project, kb, id as string | number), project, signal);
      const index = (h: SearchHit) => Number(h.metadata.chunk_index ?? h.metadata._chunk_index ?? 0);
      return parseSearchHits(result).sort((a, b) => index(a) - index(b));
    },
  });
}

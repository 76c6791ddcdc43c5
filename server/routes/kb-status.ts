import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps';

type KbParams = { Params: { project: string; kb: string } };

/**
 * Ours: `GET /api/projects/{p}/knowledge_bases/{kb}/status`, what the console's KB page shows of a KB's state:
 * `{documents, chunks, last_insert, index}`. `last_insert` carries what DESCRIBE KNOWLEDGE_BASE reports
 * (started_at, finished_at, rows_done as PROCESSED_ROWS, error, query_id), null before the first insert;
 * `index` says whether the vector (ANN) and full-text indexes exist, the rows they cover, and the latest
 * CREATE INDEX of this run (`build`, null when none); `upkeep` is what the background maintenance that follows
 * inserts is doing: `waiting` for inserts to pause, `building`, or `idle`; `search_copy` whether searches read
 * an in-memory copy of the chunks instead of the vector table (`state`, `rows`, `bytes`); `search_path` which
 * of the copy, the ANN index or the vector table answers a semantic search now, and why (`reason`: the copy's
 * state, or whether one search's scan of the copy, `scan_work` (row, dimension) pairs, fits `scan_limit`, or
 * that the copy's dense rows are kept in `groups` groups of similar ones, of which a search reads `probes`).
 */
export function registerKbStatusRoutes(app: FastifyInstance, deps: AppDeps): void {
  const kbs = deps.knowledgeBases;
  app.get<KbParams>('/api/projects/:project/knowledge_bases/:kb/status', async (request) => {
    const { project, kb } = request.params;
    const [documents, chunks, lastInsert, index, build, searchCopy, searchPath] = await Promise.all([
      kbs.countDocuments(project, kb),
      kbs.countChunks(project, kb),
      kbs.lastInsert(project, kb),
      kbs.indexState(project, kb),
      kbs.indexBuild(project, kb),
      kbs.searchCopy(project, kb),
      kbs.searchPath(project, kb),
    ]);
    return {
      documents,
      chunks,
      last_insert: lastInsert,
      index: {
        vector: index?.ann ?? false,
        full_text: index?.fts ?? false,
        indexed_rows: index?.indexedRows ?? 0,
        unindexed_rows: index?.unindexedRows ?? 0,
        upkeep: index?.upkeep ?? 'idle',
        build,
        search_copy: searchCopy,
        search_path: {
          path: searchPath?.path ?? 'table',
          reason: searchPath?.reason ?? 'not_loaded',
          scan_work: searchPath?.scanWork ?? 0,
          scan_limit: searchPath?.scanLimit ?? 0,
          groups: searchPath?.groups ?? 0,
          probes: searchPath?.probes ?? 0,
        },
      },
    };
  });
}

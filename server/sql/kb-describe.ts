import type { JsonValue, SqlParam } from '../engines/duckdb';
import { describeIndexBuild } from '../services/knowledge-bases/index-builds';
import type { KnowledgeBaseService } from '../services/knowledge-bases/service';
import type { KnowledgeBase } from '../domain/knowledge-bases';
import type { ProjectService } from '../services/projects';

/** What a DESCRIBE row is made of: the knowledge base, its project, its latest insert and index build. */
interface DescribedKb {
  kb: KnowledgeBase;
  project: string;
  last: Awaited<ReturnType<KnowledgeBaseService['lastInsert']>>;
  build: Awaited<ReturnType<KnowledgeBaseService['indexBuild']>>;
}

/**
 * Columns of SHOW KNOWLEDGE_BASES and DESCRIBE KNOWLEDGE_BASE, each with its value: MindsDB's, with its latest
 * insert's status, and (ours) INDEX_STATUS, the latest CREATE INDEX ON KNOWLEDGE_BASE of this run, its phase
 * while it builds.
 */
const DESCRIBE_COLUMNS: [string, (d: DescribedKb) => JsonValue][] = [
  ['NAME', ({ kb }) => kb.name],
  ['PROJECT', ({ project }) => project],
  ['EMBEDDING_MODEL', ({ kb }) => kb.embedding_model as JsonValue],
  ['RERANKING_MODEL', ({ kb }) => kb.reranking_model as JsonValue],
  ['STORAGE', ({ kb }) => `${kb.vector_database}.${kb.vector_database_table}`],
  ['METADATA_COLUMNS', ({ kb }) => kb.metadata_columns],
  ['CONTENT_COLUMNS', ({ kb }) => kb.content_columns],
  ['ID_COLUMN', ({ kb }) => kb.id_column],
  ['PARAMS', ({ kb }) => kb.params as JsonValue],
  ['INSERT_STARTED_AT', ({ last }) => last?.started_at ?? null],
  ['INSERT_FINISHED_AT', ({ last }) => last?.finished_at ?? null],
  ['PROCESSED_ROWS', ({ last }) => (last ? last.rows_done : null)],
  ['ERROR', ({ last }) => last?.error ?? null],
  ['QUERY_ID', ({ last }) => last?.query_id ?? null],
  ['INDEX_STATUS', ({ build }) => describeIndexBuild(build)],
];
export const DESCRIBE_NAMES = DESCRIBE_COLUMNS.map(([column]) => column);

export async function describeRow(
  kbs: KnowledgeBaseService,
  kb: KnowledgeBase,
  project: string,
): Promise<JsonValue[]> {
  const described: DescribedKb = {
    kb,
    project,
    last: await kbs.lastInsert(project, kb.name),
    build: await kbs.indexBuild(project, kb.name),
  };
  return DESCRIBE_COLUMNS.map(([, value]) => value(described));
}

/**
 * Every knowledge base's DESCRIBE row, secrets masked, as information_schema.KNOWLEDGE_BASES holds them (MindsDB's
 * columns there are DESCRIBE's): JSON values as their JSON text, as MindsDB's table holds them.
 */
export async function knowledgeBaseRows(
  kbs: KnowledgeBaseService,
  projects: ProjectService,
): Promise<SqlParam[][]> {
  const rows: SqlParam[][] = [];
  for (const p of await projects.list()) {
    for (const kb of await kbs.list(p.name)) {
      const row = await describeRow(kbs, kb, p.name);
      rows.push(row.map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v)));
    }
  }
  return rows;
}

/** MindsDB's information_schema.QUERIES columns: its background queries, ours the knowledge bases' inserts. */
export const QUERY_COLUMNS = [
  'ID',
  'STARTED_AT',
  'FINISHED_AT',
  'PROCESSED_ROWS',
  'ERROR',
  'SQL',
  'DATABASE',
  'PARAMETERS',
  'CONTEXT',
  'UPDATED_AT',
];

/**
 * The latest insert of every knowledge base, as rows of information_schema.QUERIES (where MindsDB's docs send a
 * user to follow an insert). The statement's text is not kept once it started, so SQL is NULL; DATABASE is the
 * knowledge base's project.
 */
export async function knowledgeBaseQueryRows(
  kbs: KnowledgeBaseService,
  projects: ProjectService,
): Promise<SqlParam[][]> {
  const rows: SqlParam[][] = [];
  for (const p of await projects.list()) {
    for (const kb of await kbs.list(p.name)) {
      const last = await kbs.lastInsert(p.name, kb.name);
      if (!last) continue;
      const updated = last.finished_at ?? last.started_at;
      rows.push([
        last.query_id,
        last.started_at,
        last.finished_at,
        last.rows_done,
        last.error,
        null,
        p.name,
        null,
        null,
        updated,
      ]);
    }
  }
  return rows.sort((a, b) => Number(a[0]) - Number(b[0]));
}

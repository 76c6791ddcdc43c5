import { BACKGROUND_QUERY_COLUMNS } from '../../../protocol/api/background-query';
import type { JsonValue } from '../../engines/duckdb';
import type { UsingParams } from '../../dialect/ast';
import type { InputRow } from './documents';
import type { StreamedRows } from './ingest';
import type { KnowledgeBaseService } from './service';
import type { InsertOptions } from '../../domain/knowledge-bases';
import { ok, table, type SqlOutcome, type SqlSession, type StatementRun } from '../../domain/sql';

/**
 * Whether an `INSERT INTO kb SELECT ...` runs in the background, as MindsDB v26 decides it (its planner):
 * with `USING batch_size` the SELECT is read in partitions and the insert is asynchronous; without it, an
 * insert into a knowledge base is batched the same way unless `knowledge_bases.disable_autobatch` is set.
 * Only for a client that takes its answer before the end (the SQL API, `run.background`): a job's
 * statements, like MindsDB's tasks, run one after the other to their end. INSERT ... VALUES and an insert
 * whose SELECT reads a knowledge base (several steps in MindsDB's plan) always run before they are answered.
 */
export function insertsInBackground(
  kbs: KnowledgeBaseService,
  params: UsingParams | undefined,
  run: StatementRun,
): boolean {
  if (!run.background) return false;
  return params?.batch_size !== undefined || kbs.autobatch;
}

/**
 * Inserts the rows of an `INSERT INTO kb SELECT ...`: in the background, answered at once with MindsDB's
 * record of the query (its progress then in DESCRIBE KNOWLEDGE_BASE), or to its end, answered with the rows
 * stored.
 */
export async function insertSelectedRows(
  kbs: KnowledgeBaseService,
  target: { project: string; name: string },
  rows: readonly InputRow[] | StreamedRows,
  options: InsertOptions,
  background: boolean,
  query: { run: StatementRun; session: SqlSession },
): Promise<SqlOutcome> {
  if (!background) {
    const inserted = await kbs.insertRows(target.project, target.name, rows, {
      ...options,
      signal: query.run.signal,
    });
    return ok(inserted.rows);
  }
  const record = await kbs.startInsert(target.project, target.name, rows, options, {
    sql: query.run.text ?? '',
    database: query.session.db,
  });
  const values: JsonValue[] = [
    record.id,
    record.sql,
    record.database,
    record.started_at,
    record.finished_at,
    record.parameters as JsonValue,
    record.context as JsonValue,
    record.processed_rows,
    record.error,
    record.updated_at,
  ];
  return table([...BACKGROUND_QUERY_COLUMNS], [values]);
}

/**
 * MindsDB v26 answers an `INSERT INTO kb SELECT ...` it runs in the background with the record of that query:
 * one row of these columns (its `queries` row, upper-cased). The insert's progress and outcome are then in
 * `DESCRIBE KNOWLEDGE_BASE kb`, whose QUERY_ID is the record's ID. Both sides read and write these shapes
 * here: the server answers with them, the console follows a load through them (on any MindsDB as on ours).
 */
export const BACKGROUND_QUERY_COLUMNS = [
  'ID',
  'SQL',
  'DATABASE',
  'STARTED_AT',
  'FINISHED_AT',
  'PARAMETERS',
  'CONTEXT',
  'PROCESSED_ROWS',
  'ERROR',
  'UPDATED_AT',
] as const;

interface TableAnswer {
  type: string;
  column_names?: string[];
  data?: unknown[][];
}

/** The first row of a table answer as an object, by column name. */
function firstRow(answer: TableAnswer): Record<string, unknown> | undefined {
  if (answer.type !== 'table' || !answer.column_names || !answer.data?.[0]) return undefined;
  const row = answer.data[0];
  return Object.fromEntries(answer.column_names.map((c, i) => [c, row[i]]));
}

/** The query id when `answer` is the record of a statement that goes on in the background; else null. */
export function backgroundQueryId(answer: TableAnswer): number | null {
  const names = answer.column_names ?? [];
  if (!BACKGROUND_QUERY_COLUMNS.every((c) => names.includes(c))) return null;
  const id = firstRow(answer)?.ID;
  return typeof id === 'number' ? id : null;
}

/** Where a KB's latest insert stands, as DESCRIBE KNOWLEDGE_BASE reports it. */
export interface DescribedInsert {
  queryId: number | null;
  startedAt: string | null;
  finishedAt: string | null;
  processedRows: number | null;
  error: string | null;
}

/** The insert columns of a DESCRIBE KNOWLEDGE_BASE answer; null when the answer has none. */
export function describedInsert(answer: TableAnswer): DescribedInsert | null {
  const row = firstRow(answer);
  if (!row || !('QUERY_ID' in row)) return null;
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    queryId: typeof row.QUERY_ID === 'number' ? row.QUERY_ID : null,
    startedAt: text(row.INSERT_STARTED_AT),
    finishedAt: text(row.INSERT_FINISHED_AT),
    processedRows: typeof row.PROCESSED_ROWS === 'number' ? row.PROCESSED_ROWS : null,
    error: text(row.ERROR),
  };
}

/**
 * Whether the insert `queryId` has ended, by DESCRIBE's report: it is the latest insert and has a finish time
 * or an error (MindsDB records an error where the query stopped; ours, for an insert cut off by a stop).
 */
export function insertHasEnded(described: DescribedInsert | null, queryId: number): boolean {
  return (
    described !== null &&
    described.queryId === queryId &&
    (described.finishedAt !== null || described.error !== null)
  );
}

import type { DuckDb } from '../../../engines/duckdb';
import { toEngineDialect } from '../../../dialect/engine-dialect';
import { looksLikePath, readUserSelect } from '../../../engines/table-references';

export interface TableRef {
  schema: string;
  table: string;
}

/**
 * Every table a SELECT reads, found by the SQL engine's own parser with CTE names resolved by scope (see
 * readUserSelect), so subqueries, joins and CTEs are all seen. Throws, naming the problem, when the
 * statement does not parse, calls a function that check refuses, or names a file path or another database:
 * an agent's query reads its own tables and nothing else.
 */
export async function tablesRead(data: DuckDb, sql: string): Promise<TableRef[]> {
  // Read in the form the engine will run: the check must see the statement that executes.
  const { tables } = await readUserSelect(data, toEngineDialect(sql));
  for (const t of tables) {
    if (t.catalog || [t.schema, t.table].some(looksLikePath)) {
      throw new Error(`'${[t.catalog, t.schema, t.table].filter(Boolean).join('.')}' is not a table`);
    }
  }
  return tables.map(({ schema, table }) => ({ schema, table }));
}

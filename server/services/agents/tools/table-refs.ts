import type { DuckDb } from '../../../engines/duckdb';
import { toEngineDialect } from '../../sql/engine-select';
import {
  collectReferences,
  isValueOnlyTableFunction,
  looksLikePath,
  parseSelect,
} from '../../sql/table-references';

export interface TableRef {
  schema: string;
  table: string;
}

/**
 * Every table a SELECT reads, found by the SQL engine's own parser with CTE names resolved by scope (see
 * collectReferences), so subqueries, joins and CTEs are all seen. Throws, naming the problem, when the
 * statement does not parse, calls a table function, or names a file path or another database: an agent's
 * query reads its own tables and nothing else.
 */
export async function tablesRead(data: DuckDb, sql: string): Promise<TableRef[]> {
  // Read in the form the engine will run: the check must see the statement that executes.
  const { tables, functions } = collectReferences(await parseSelect(data, toEngineDialect(sql)));
  const fn = functions.find((f) => !isValueOnlyTableFunction(f.name));
  if (fn) throw new Error(`table function '${fn.name}' is not allowed`);
  for (const t of tables) {
    if (t.catalog || [t.schema, t.table].some(looksLikePath)) {
      throw new Error(`'${[t.catalog, t.schema, t.table].filter(Boolean).join('.')}' is not a table`);
    }
  }
  return tables.map(({ schema, table }) => ({ schema, table }));
}

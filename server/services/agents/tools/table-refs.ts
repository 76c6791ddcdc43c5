import type { DuckDb } from '../../../engines/duckdb';
import { toEngineDialect } from '../../sql/engine-select';

export interface TableRef {
  schema: string;
  table: string;
}

/**
 * Every table a SELECT reads, found by the SQL engine's own parser (so subqueries, joins and CTEs are all
 * seen), CTE names excepted. Throws with the engine's message when the statement does not parse.
 */
export async function tablesRead(data: DuckDb, sql: string): Promise<TableRef[]> {
  // Read in the form the engine will run: the check must see the statement that executes.
  const [row] = await data.select<{ j: string }>(`SELECT json_serialize_sql(?::VARCHAR) AS j`, [
    toEngineDialect(sql),
  ]);
  const ast = JSON.parse(row.j) as { error?: boolean; error_message?: string };
  if (ast.error) throw new Error(`Syntax error: ${ast.error_message ?? 'the statement could not be parsed'}`);
  const tables: TableRef[] = [];
  const ctes = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (n.type === 'BASE_TABLE')
      tables.push({ schema: String(n.schema_name ?? ''), table: String(n.table_name) });
    const cteMap = n.cte_map as { map?: { key: string }[] } | undefined;
    for (const entry of cteMap?.map ?? []) ctes.add(entry.key);
    Object.values(n).forEach(walk);
  };
  walk(ast);
  return tables.filter((t) => t.schema || !ctes.has(t.table));
}

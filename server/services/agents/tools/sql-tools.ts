import { sqlName, TOOL } from '../../../providers/chat/tool-protocol';
import { formatRows } from '../../../../protocol/tool-observation';
import { tablesRead } from './table-refs';
import { noArgs, parseToolSql, oneStringArg, type AgentTool, type ToolContext } from './types';

/** Rows shown to the model at most: enough to answer, small enough for its context. */
export const MAX_QUERY_ROWS = 100;
const SAMPLE_ROWS = 3;

function resolveTable(name: string, ctx: ToolContext): string | undefined {
  const clean = name.trim().replace(/[`"]/g, '');
  if (ctx.tables.includes(clean)) return clean;
  const matches = ctx.tables.filter((t) => t.endsWith(`.${clean}`));
  return matches.length === 1 ? matches[0] : undefined;
}

async function describeTable(table: string, ctx: ToolContext): Promise<string> {
  const dot = table.indexOf('.');
  const columns = await ctx.data.select<{ column_name: string; data_type: string }>(
    `SELECT column_name, data_type FROM duckdb_columns() WHERE schema_name = ? AND table_name = ? ORDER BY column_index`,
    [table.slice(0, dot), table.slice(dot + 1)],
  );
  const sample = await ctx.sql.execute(
    `SELECT * FROM ${sqlName(table)} LIMIT ${SAMPLE_ROWS}`,
    { db: ctx.project, show_secrets: false },
    { signal: ctx.signal, caller: ctx.caller },
  );
  // A connected database's table is not in the engine's catalog: its sample's columns name it.
  const listed = columns.length
    ? columns.map((c) => `\t${c.column_name} ${c.data_type}`)
    : sample.type === 'table'
      ? sample.column_names.map((c) => `\t${c}`)
      : [];
  const create = `CREATE TABLE ${table} (\n${listed.join(',\n')}\n)`;
  if (sample.type !== 'table') return create;
  const rows = sample.data.map((r) =>
    r.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join('\t'),
  );
  return `${create}\n\n/*\n${SAMPLE_ROWS} rows from ${table} table:\n${[sample.column_names.join('\t'), ...rows].join('\n')}\n*/`;
}

/** Checks that a query is one SELECT reading only the agent's tables, then runs it through the SQL router. */
async function runQuery(input: string, ctx: ToolContext): Promise<string> {
  const parsed = parseToolSql(input);
  if (typeof parsed === 'string') return parsed;
  const { query, statement } = parsed;
  if (statement.kind !== 'select') return 'Error: only SELECT statements can be run';
  let refs;
  try {
    refs = await tablesRead(ctx.data, statement.sql);
  } catch (err) {
    return `Error: ${(err as Error).message}`;
  }
  for (const ref of refs) {
    const name = ref.schema ? `${ref.schema}.${ref.table}` : ref.table;
    if (!ctx.tables.includes(name)) {
      return `Error: table '${name}' is not available to this agent; use one of: ${ctx.tables.join(', ')}`;
    }
  }
  const result = await ctx.sql.execute(
    query,
    { db: ctx.project, show_secrets: false },
    { signal: ctx.signal, caller: ctx.caller },
  );
  if (result.type === 'error') return `Error: ${result.error_message}`;
  if (result.type === 'ok') return `The statement ran (${result.affected_rows ?? 0} rows affected)`;
  const shown = result.data.slice(0, MAX_QUERY_ROWS);
  const note =
    result.data.length > shown.length ? `\n(${shown.length} of ${result.data.length} rows shown)` : '';
  return formatRows(result.column_names, shown) + note;
}

export function sqlTools(ctx: ToolContext): AgentTool[] {
  return [
    {
      spec: {
        name: TOOL.listTables,
        description:
          'Lists the tables you can query, as a comma-separated list of <datasource>.<table> names.',
        parameters: noArgs,
      },
      run: async () => (ctx.tables.length ? ctx.tables.join(', ') : 'No tables are available.'),
    },
    {
      spec: {
        name: TOOL.schema,
        description:
          'Shows the columns and three sample rows of tables. Input: a comma-separated list of table names.',
        parameters: oneStringArg('table_names', 'Comma-separated table names, e.g. files.orders'),
      },
      run: async (input) => {
        const parts: string[] = [];
        for (const name of input.split(',').filter((n) => n.trim())) {
          const table = resolveTable(name, ctx);
          parts.push(
            table
              ? await describeTable(table, ctx)
              : `Error: table '${name.trim()}' is not available to this agent`,
          );
        }
        return parts.join('\n\n') || 'Error: name at least one table';
      },
    },
    {
      spec: {
        name: TOOL.query,
        description:
          'Runs one SELECT on the tables and returns the rows as CSV. Name tables as <datasource>.<table>.',
        parameters: oneStringArg('query', 'A SELECT statement'),
      },
      run: (input) => runQuery(input, ctx),
    },
  ];
}

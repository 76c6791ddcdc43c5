import { QueryAbortedError, QueryTimeoutError, type DuckDb } from '../../engines/duckdb';
import { tokenize } from '../../sql/tokenizer';
import type { StatementOf } from '../../sql/ast';
import { ValidationError } from '../errors';
import { DATA_SOURCES, type ProjectService } from '../projects';
import { table, type SqlOutcome, type SqlSession } from './types';

/** A SQL engine error that knows where in the statement it happened. */
export class SqlEngineError extends Error {
  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }
}

/**
 * Most rows a plain SELECT answers with. Past it the query is refused rather than read: a result of a hundred
 * million rows would exhaust the server's memory (and no grid shows it). A console grid handles this many.
 */
export const MAX_RESULT_ROWS = 100_000;

/** Table functions that only compute values; every other one (read_csv, read_text, ...) could read the disk. */
const SAFE_TABLE_FUNCTIONS = new Set(['range', 'generate_series', 'unnest']);

interface TableRef {
  schema: string;
  table: string;
  location: number;
}

/**
 * Runs a plain SELECT on the data database. The statement is first parsed by the engine itself to find every
 * table it touches: only tables of known data sources, CTEs and value-only table functions are allowed, so a
 * query cannot read files from the server's disk or reach anything but the users' data.
 */
export class EngineSelect {
  constructor(
    private readonly data: DuckDb,
    private readonly projects: ProjectService,
  ) {}

  async run(
    statement: StatementOf<'select'>,
    _session: SqlSession,
    { maxRows = MAX_RESULT_ROWS, signal }: { maxRows?: number; signal?: AbortSignal } = {},
  ): Promise<SqlOutcome> {
    const sql = toEngineDialect(statement.sql);
    const ast = await this.serialize(sql);
    await this.checkReferences(ast, sql);
    let result;
    try {
      result = await this.data.queryAtMost(sql, maxRows, { signal });
    } catch (err) {
      throw engineError(err, sql);
    }
    if (result.truncated) {
      throw new ValidationError(
        `The query returns more than ${maxRows.toLocaleString('en-US')} rows: add a LIMIT, a WHERE or an aggregate`,
      );
    }
    return table(result.columnNames, result.rows);
  }

  private async serialize(sql: string): Promise<unknown> {
    const [row] = await this.data.select<{ j: string }>(`SELECT json_serialize_sql(?::VARCHAR) AS j`, [sql]);
    const json = JSON.parse(row.j) as { error?: boolean; error_message?: string; position?: string };
    if (json.error) {
      const at = json.position !== undefined ? Number(json.position) : undefined;
      const pos = at !== undefined ? lineColumn(sql, at) : undefined;
      throw new SqlEngineError(
        `Syntax error: ${json.error_message ?? 'the statement could not be parsed'}`,
        pos?.line,
        pos?.column,
      );
    }
    return json;
  }

  private async checkReferences(ast: unknown, sql: string): Promise<void> {
    const { tables, functions, ctes } = collectReferences(ast);
    for (const fn of functions) {
      if (!SAFE_TABLE_FUNCTIONS.has(fn.table.toLowerCase())) {
        const pos = lineColumn(sql, fn.location);
        throw new SqlEngineError(`Table function '${fn.table}' is not allowed`, pos.line, pos.column);
      }
    }
    for (const ref of tables) {
      if (!ref.schema && ctes.has(ref.table)) continue;
      if (DATA_SOURCES.some((d) => d.name === ref.schema)) continue;
      const pos = lineColumn(sql, ref.location);
      const project = ref.schema || undefined;
      if (project && (await this.projects.find(project))) {
        throw new SqlEngineError(
          `'${project}.${ref.table}' cannot be used here: knowledge bases and agents answer only a simple SELECT on one of them`,
          pos.line,
          pos.column,
        );
      }
      const name = ref.schema ? `${ref.schema}.${ref.table}` : ref.table;
      throw new SqlEngineError(
        ref.schema
          ? `Unknown database '${ref.schema}' in '${name}'`
          : `Unknown table '${name}': name the data source, e.g. files.${ref.table}`,
        pos.line,
        pos.column,
      );
    }
  }
}

/**
 * Our dialect quotes names with backticks; the engine uses double quotes. Our strings read backslash escapes
 * (`'it\\'s'`); the engine's do not, so a string written with one is rewritten in the engine's form. Otherwise
 * `'a\\' OR 1=1 --'`, one string to our parser, would be a string and a condition to the engine.
 */
export function toEngineDialect(sql: string): string {
  let out = '';
  let last = 0;
  for (const t of tokenize(sql)) {
    let text: string;
    if (t.kind === 'quoted_ident') text = `"${t.value.replace(/"/g, '""')}"`;
    else if (t.kind === 'string' && t.text.startsWith("'") && t.text.includes('\\'))
      text = `'${t.value.replace(/'/g, "''")}'`;
    else continue;
    out += sql.slice(last, t.offset) + text;
    last = t.offset + t.text.length;
  }
  return out + sql.slice(last);
}

function collectReferences(ast: unknown) {
  const tables: TableRef[] = [];
  const functions: TableRef[] = [];
  const ctes = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (n.type === 'BASE_TABLE') {
      tables.push({
        schema: String(n.schema_name ?? ''),
        table: String(n.table_name),
        location: Number(n.query_location ?? 0),
      });
    } else if (n.type === 'TABLE_FUNCTION') {
      const fn = n.function as Record<string, unknown> | undefined;
      functions.push({
        schema: '',
        table: String(fn?.function_name ?? '?'),
        location: Number(n.query_location ?? 0),
      });
    }
    const cteMap = n.cte_map as { map?: { key: string }[] } | undefined;
    for (const entry of cteMap?.map ?? []) ctes.add(entry.key);
    Object.values(n).forEach(walk);
  };
  walk(ast);
  return { tables, functions, ctes };
}

export function lineColumn(sql: string, offset: number): { line: number; column: number } {
  const before = sql.slice(0, Math.max(0, Math.min(offset, sql.length)));
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

/** Turns an engine error into one line that names the problem, located at the name it mentions when possible. */
function engineError(err: unknown, sql: string): SqlEngineError {
  if (err instanceof QueryTimeoutError || err instanceof QueryAbortedError)
    return new SqlEngineError(err.message);
  const raw = String((err as Error)?.message ?? err);
  const first = raw.split('\n')[0].replace(/^(Binder|Catalog|Conversion|Invalid Input|Parser) Error: /, '');
  const named = /"([^"]+)"/.exec(first)?.[1] ?? /Table with name (\S+?)!? does not exist/.exec(first)?.[1];
  const token = named ? tokenize(sql).find((t) => t.value.toLowerCase() === named.toLowerCase()) : undefined;
  const message = first.replace(/Table with name (\S+) does not exist!?/, "Unknown table '$1'");
  return new SqlEngineError(message, token?.line, token?.column);
}

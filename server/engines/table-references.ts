import type { DuckDb } from './duckdb';
import { ValidationError } from '../errors';

/** A table a SELECT reads: a name that is not one of the CTEs in scope where it is written. */
export interface TableReference {
  /** The database part of `db.schema.table`, '' when not written. */
  catalog: string;
  /** The schema (data source) part, '' when not written. */
  schema: string;
  table: string;
  /** Character offset of the reference in the statement. */
  location: number;
}

/** A table function a SELECT calls (`range(3)`, `read_csv(...)`), wherever it is written. */
export interface TableFunctionReference {
  name: string;
  location: number;
}

export interface SelectReferences {
  tables: TableReference[];
  functions: TableFunctionReference[];
  /** Calls of scalar functions that read the engine's own state (see ENGINE_STATE_FUNCTIONS). */
  engineCalls: TableFunctionReference[];
}

/** A user's SELECT as the engine parsed it: its parse tree and what it reads, its functions already checked. */
export interface UserSelect extends SelectReferences {
  ast: unknown;
}

/**
 * A SELECT refused for a function it calls; `offset` is where the call is written (in the engine's dialect).
 * A ValidationError, so every path that does not locate it reports it as it is.
 */
export class RefusedFunctionError extends ValidationError {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/**
 * The one reading of a user's SELECT (in the engine's dialect) that every path running user SQL on an engine
 * goes through, whatever tables the statement names and whichever engine runs it (the data database, the
 * information_schema engine, a cross-source join): the engine's own parse, the tables and table functions it
 * reads, and a refusal when it calls a table function that is not value-only (settings, catalog, files,
 * dynamic SQL) or a scalar function that reads the engine's own state. What tables each path then accepts is
 * its own rule. Throws StatementParseError when the engine cannot parse it, RefusedFunctionError when refused.
 */
export async function readUserSelect(engine: DuckDb, sql: string): Promise<UserSelect> {
  const ast = await parseSelect(engine, sql);
  const references = collectReferences(ast);
  const fn = references.functions.find((f) => !isValueOnlyTableFunction(f.name));
  if (fn) throw new RefusedFunctionError(`Table function '${fn.name}' is not allowed`, fn.location);
  const call = references.engineCalls[0];
  if (call) {
    throw new RefusedFunctionError(
      `Function '${call.name}' is not allowed: it reads the engine's own settings or catalog`,
      call.location,
    );
  }
  return { ast, ...references };
}

/** A statement the engine's parser refused; `position` is the character offset it names, when it names one. */
export class StatementParseError extends Error {
  constructor(
    message: string,
    readonly position?: number,
  ) {
    super(message);
  }
}

/**
 * The engine's own parse tree of `sql` (in the engine's dialect), as JSON. Only SELECT statements can be
 * serialised: any other statement (COPY, ATTACH, SET, PRAGMA, INSTALL, ...) is refused here.
 */
async function parseSelect(data: DuckDb, sql: string): Promise<unknown> {
  const [row] = await data.select<{ j: string }>(`SELECT json_serialize_sql(?::VARCHAR) AS j`, [sql]);
  const json = parseEngineJson(row.j) as { error?: boolean; error_message?: string; position?: string };
  if (json.error) {
    throw new StatementParseError(
      `Syntax error: ${json.error_message ?? 'the statement could not be parsed'}`,
      json.position !== undefined ? Number(json.position) : undefined,
    );
  }
  return json;
}

/**
 * The engine writes a constant too large for a double (`1e400`) or not a number as a bare `Infinity`,
 * `-Infinity` or `NaN`, which is not JSON. Outside strings those become strings before parsing.
 */
export function parseEngineJson(text: string): unknown {
  return JSON.parse(
    text.replace(/"(?:[^"\\]|\\.)*"|-?Infinity|NaN/g, (match) =>
      match.startsWith('"') ? match : `"${match}"`,
    ),
  );
}

interface CteEntry {
  key: string;
  value?: { query?: { node?: { type?: string } } };
}

/**
 * Every base table and every table function that a parsed SELECT (see `parseSelect`) reads, wherever it is
 * written: FROM, joins, subqueries in any clause, CTE bodies, set operations, table function arguments.
 *
 * A name is left out only when it is a CTE visible where it is written. A CTE is visible in the query that
 * declares it (its FROM, its clauses and their nested subqueries) and in the later CTEs of the same WITH; a
 * recursive CTE also sees itself. It is NOT visible in the enclosing query: a CTE declared inside a scalar
 * subquery does not make an outer `FROM "/etc/passwd.csv"` a CTE. Names compare case-insensitively, as the
 * engine binds them.
 */
function collectReferences(ast: unknown): SelectReferences {
  const tables: TableReference[] = [];
  const functions: TableFunctionReference[] = [];
  const engineCalls: TableFunctionReference[] = [];
  const walk = (node: unknown, ctes: ReadonlySet<string>): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item, ctes);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (n.type === 'BASE_TABLE') {
      const ref: TableReference = {
        catalog: String(n.catalog_name ?? ''),
        schema: String(n.schema_name ?? ''),
        table: String(n.table_name ?? ''),
        location: Number(n.query_location ?? 0),
      };
      const isCte = !ref.catalog && !ref.schema && ctes.has(ref.table.toLowerCase());
      if (!isCte) tables.push(ref);
    } else if (n.type === 'TABLE_FUNCTION') {
      const fn = n.function as Record<string, unknown> | undefined;
      functions.push({ name: String(fn?.function_name ?? '?'), location: Number(n.query_location ?? 0) });
    } else if (n.class === 'FUNCTION' && isEngineStateFunction(String(n.function_name))) {
      engineCalls.push({ name: String(n.function_name), location: Number(n.query_location ?? 0) });
    }
    let scope = ctes;
    if ('cte_map' in n) {
      const entries = ((n.cte_map as { map?: CteEntry[] } | null)?.map ?? []) as CteEntry[];
      const visible = new Set(ctes);
      for (const entry of entries) {
        const name = String(entry.key).toLowerCase();
        const recursive = entry.value?.query?.node?.type === 'RECURSIVE_CTE_NODE';
        walk(entry.value, recursive ? new Set([...visible, name]) : new Set(visible));
        visible.add(name);
      }
      scope = visible;
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'cte_map') walk(value, scope);
  };
  walk(ast, new Set());
  return { tables, functions, engineCalls };
}

/** Table functions that only compute values; every other one (read_csv, read_text, glob, ...) could read the disk. */
const VALUE_ONLY_TABLE_FUNCTIONS = new Set(['range', 'generate_series', 'unnest']);

function isValueOnlyTableFunction(name: string): boolean {
  return VALUE_ONLY_TABLE_FUNCTIONS.has(name.toLowerCase());
}

/**
 * Scalar functions that read the engine's own state rather than compute from their arguments: its settings
 * (`current_setting('temp_directory')` names the server's folder), its variables, its catalog (macros over
 * duckdb_views(), duckdb_constraints(), duckdb_types(), pragma_database_size()), its log, or the plan of
 * another statement (`json_serialize_plan` binds any SQL text, past the table check). Every other scalar
 * function computes from its arguments only.
 */
const ENGINE_STATE_FUNCTIONS = new Set([
  'current_setting',
  'getvariable',
  'json_serialize_plan',
  'pg_get_viewdef',
  'pg_get_constraintdef',
  'format_type',
  'get_block_size',
  'write_log',
]);

function isEngineStateFunction(name: string): boolean {
  return ENGINE_STATE_FUNCTIONS.has(name.toLowerCase());
}

/**
 * A name the engine could take for a file or an address rather than a table (`'/etc/passwd'`, `"data.csv"`,
 * `"/etc/passw[d]"`, `"s3://..."`): its replacement scans read such names from the disk or the network. No
 * table or CTE a user needs has these characters in its name, so they are refused wherever they appear.
 */
export function looksLikePath(name: string): boolean {
  return /[./\\:*?[\]{}~]/.test(name);
}

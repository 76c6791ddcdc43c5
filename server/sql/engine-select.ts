import { QueryAbortedError, QueryTimeoutError, type DuckDb } from '../engines/duckdb';
import { DATA_SOURCES } from '../domain/system-databases';
import type { RowBatch } from '../engines/row-batch';
import { lineColumn, toEngineDialect } from '../dialect/engine-dialect';
import { tokenize } from '../dialect/tokenizer';
import { nativeQueryWithin } from '../dialect/native-query';
import { MAX_RESULT_BYTES, MAX_RESULT_ROWS } from '../domain/sql-limits';
import type { StatementOf } from '../dialect/ast';
import { TooManyRowsError } from '../errors';
import { type ProjectService } from '../services/projects';
import {
  looksLikePath,
  readUserSelect,
  RefusedFunctionError,
  StatementParseError,
  type UserSelect,
} from '../engines/table-references';
import { table, type SqlOutcome, type SqlSession } from '../domain/sql';

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
    {
      maxRows = MAX_RESULT_ROWS,
      signal,
      partialResults = false,
      caller,
    }: { maxRows?: number; signal?: AbortSignal; partialResults?: boolean; caller?: string } = {},
  ): Promise<SqlOutcome> {
    const sql = toEngineDialect(statement.sql);
    refuseSourceOnlyForms(statement.sql);
    await this.checkReferences(await readLocated(this.data, sql), sql);
    let result;
    try {
      result = await this.data.queryAtMost(sql, maxRows, { signal, maxBytes: MAX_RESULT_BYTES, caller });
    } catch (err) {
      throw engineError(err, sql);
    }
    // The first rows, flagged, only for a client that asked: no one else ever gets a partial result silently.
    if (result.truncated === 'rows' && partialResults) {
      return { type: 'table', column_names: result.columnNames, data: result.rows, truncated: true };
    }
    if (result.truncated === 'rows') {
      throw new TooManyRowsError(
        `The query returns more than ${maxRows.toLocaleString('en-US')} rows: add a LIMIT, a WHERE or an aggregate`,
      );
    }
    if (result.truncated === 'bytes') {
      throw new TooManyRowsError(
        `The query returns more than ${MAX_RESULT_BYTES / 2 ** 20} MB of data: select fewer or shorter columns, or add a LIMIT or a WHERE`,
      );
    }
    return table(result.columnNames, result.rows);
  }

  /**
   * The whole result of a SELECT on the engine, streamed a chunk at a time to `sink` (an export): the same
   * table check as `run`, no row limit, and never held whole in memory.
   */
  async exportRows(
    statement: StatementOf<'select'>,
    sink: (columnNames: string[], rows: RowBatch) => Promise<void>,
    { signal, caller }: { signal?: AbortSignal; caller?: string } = {},
  ): Promise<void> {
    const sql = await this.checkedForEngine(statement);
    try {
      await this.data.streamRows(sql, sink, { signal, caller });
    } catch (err) {
      throw engineError(err, sql);
    }
  }

  /**
   * The SELECT in the engine's dialect once every table it names is one the engine reads itself; otherwise a
   * SqlEngineError naming the table (a knowledge base, a data source, information_schema: the router answers
   * those through their own handlers). Runs nothing.
   */
  async checkedForEngine(statement: StatementOf<'select'>): Promise<string> {
    const sql = toEngineDialect(statement.sql);
    refuseSourceOnlyForms(statement.sql);
    await this.checkReferences(await readLocated(this.data, sql), sql);
    return sql;
  }

  /**
   * The first wall of the sandbox (the data database's own settings are the second, see engines/sandbox.ts):
   * beyond the functions readUserSelect refuses, only tables of known data sources and CTEs in scope may be
   * read.
   */
  private async checkReferences({ tables }: UserSelect, sql: string): Promise<void> {
    for (const ref of tables) {
      const pos = lineColumn(sql, ref.location);
      const name = [ref.catalog, ref.schema, ref.table].filter(Boolean).join('.');
      if (looksLikePath(ref.table) || looksLikePath(ref.schema) || looksLikePath(ref.catalog)) {
        throw new SqlEngineError(
          `'${name}' is not a table: files on the server cannot be read, only tables such as files.<name>`,
          pos.line,
          pos.column,
        );
      }
      if (ref.catalog) {
        throw new SqlEngineError(`Unknown database '${ref.catalog}' in '${name}'`, pos.line, pos.column);
      }
      if (DATA_SOURCES.some((d) => d.name === ref.schema)) continue;
      const project = ref.schema || undefined;
      if (project && (await this.projects.find(project))) {
        const held = (await this.projects.objects(project)).some(
          (o) => o.name.toLowerCase() === ref.table.toLowerCase(),
        );
        if (!held) {
          throw new SqlEngineError(
            `'${project}.${ref.table}' does not exist: project '${project}' has no knowledge base, agent or view of that name`,
            pos.line,
            pos.column,
          );
        }
        throw new SqlEngineError(
          `'${project}.${ref.table}' cannot be used here: knowledge bases and agents answer only a simple SELECT on one of them`,
          pos.line,
          pos.column,
        );
      }
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

/** pgvector's distance operators, which only a PostgreSQL source with pgvector answers. */
const VECTOR_OPERATORS = new Set(['<->', '<#>', '<+>', '<~>', '<%>']);

/**
 * Forms only a data source answers, refused when they reach the engine. Read in our dialect (the statement as
 * written), never in the engine's: the engine's strings hold backslashes as they are, which our tokenizer
 * would read as escapes (`'a\\'` is a whole string to the engine, an unterminated one to us). Forms refused: a native query (`FROM name (SELECT
 * ...)`), whose name is then no data source (the sources' handlers answer those that are), and pgvector's
 * distance operators, which the engine does not have.
 */
function refuseSourceOnlyForms(sql: string): void {
  const tokens = tokenize(sql);
  const native = nativeQueryWithin(tokens);
  if (native) {
    throw new SqlEngineError(
      `'${native.source}' is not a data source: FROM ${native.source} (...) sends a native query to a data source ` +
        `connected with CREATE DATABASE ${native.source} WITH ENGINE = ..., PARAMETERS = ...`,
      native.at.line,
      native.at.column,
    );
  }
  const vector = tokens.find((t) => t.kind === 'op' && VECTOR_OPERATORS.has(t.value));
  if (vector) {
    throw new SqlEngineError(
      `The distance operator ${vector.value} is pgvector's: only a PostgreSQL data source with pgvector answers it ` +
        '(the whole query sent to that source); to search by meaning here, query a knowledge base (WHERE content = ...)',
      vector.line,
      vector.column,
    );
  }
}

/**
 * `sql` (in the engine's dialect) read through the one check of user SQL (`readUserSelect`), with a syntax
 * error or a refused function reported at its line and column.
 */
export async function readLocated(engine: DuckDb, sql: string): Promise<UserSelect> {
  try {
    return await readUserSelect(engine, sql);
  } catch (err) {
    if (err instanceof RefusedFunctionError) {
      const pos = lineColumn(sql, err.offset);
      throw new SqlEngineError(err.message, pos.line, pos.column);
    }
    if (!(err instanceof StatementParseError)) throw err;
    const pos = err.position !== undefined ? lineColumn(sql, err.position) : undefined;
    throw new SqlEngineError(err.message, pos?.line, pos?.column);
  }
}

/** Turns an engine error into one line that names the problem, located at the name it mentions when possible. */
function engineError(err: unknown, sql: string): SqlEngineError {
  if (err instanceof QueryTimeoutError || err instanceof QueryAbortedError)
    return new SqlEngineError(err.message);
  const raw = String((err as Error)?.message ?? err);
  // The engine's sandbox said no (a path the table check did not see as one): name the rule, not the engine.
  if (/^Permission Error/.test(raw))
    return new SqlEngineError('Files, extensions and settings of the server cannot be used in a query');
  const first = raw.split('\n')[0].replace(/^(Binder|Catalog|Conversion|Invalid Input|Parser) Error: /, '');
  const named = /"([^"]+)"/.exec(first)?.[1] ?? /Table with name (\S+?)!? does not exist/.exec(first)?.[1];
  const token = named ? tokenize(sql).find((t) => t.value.toLowerCase() === named.toLowerCase()) : undefined;
  const message = first.replace(/Table with name (\S+) does not exist!?/, "Unknown table '$1'");
  return new SqlEngineError(message, token?.line, token?.column);
}

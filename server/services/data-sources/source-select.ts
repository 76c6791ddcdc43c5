import type { DuckDb } from '../../engines/duckdb';
import { DATA_SOURCES } from '../../domain/system-databases';
import { hasTopLevelLimit, renderForSource, withRowBound } from '../../engines/sources/dialect';
import type { StatementOf } from '../../dialect/ast';
import { nativeQueryShape, nativeQueryWithin } from '../../dialect/native-query';
import { tokenize, type Token } from '../../dialect/tokenizer';
import { TooManyRowsError, ValidationError } from '../../errors';
import { type ProjectService } from '../projects';
import { MAX_RESULT_ROWS } from '../../domain/sql-limits';
import { toEngineDialect } from '../../dialect/engine-dialect';
import { readUserSelect, StatementParseError, type TableReference } from '../../engines/table-references';
import { table, type SqlOutcome, type SqlSession } from '../../domain/sql';
import { runCrossSourceSelect } from './cross-join';
import type { DataSourceService } from './service';

export interface SourceSelectOptions {
  maxRows?: number;
  signal?: AbortSignal;
}

/** Where a SELECT's tables live: one source (sent there whole), several places, or no source at all. */
type Placement = { kind: 'none' } | { kind: 'one'; source: string } | { kind: 'mixed' };

/**
 * Answers SELECTs that read a connected data source. A statement whose every table is in one source is sent
 * to it whole, in its dialect, with our row bound and time limit; `SELECT * FROM source (native text)` passes
 * the text through untouched. A statement that touches no source is not ours (undefined), so the SQL engine
 * answers it.
 */
export class SourceSelect {
  constructor(
    private readonly sources: DataSourceService,
    private readonly data: DuckDb,
    private readonly projects: ProjectService,
  ) {}

  async run(
    statement: StatementOf<'select'>,
    session: SqlSession,
    { maxRows = MAX_RESULT_ROWS, signal }: SourceSelectOptions = {},
  ): Promise<SqlOutcome | undefined> {
    const placement = await this.placement(statement, session);
    if (placement.kind === 'none') return undefined;
    if (placement.kind === 'native') return this.send(placement.source, placement.text, { maxRows, signal });
    if (placement.kind === 'mixed') {
      return runCrossSourceSelect(
        statement.sql,
        {
          sources: this.sources,
          data: this.data,
          names: placement.names,
          sessionSource: placement.sessionSource,
        },
        { maxRows, signal },
      );
    }
    return this.send(placement.source, await this.rendered(statement, placement.source, maxRows), {
      maxRows,
      signal,
    });
  }

  /**
   * The source and text a SELECT would be sent as, when it reads one source and is ours to render (not a
   * native query, whose text may not be a SELECT): for readers that stream the rows rather than answer them.
   * With no `maxRows` the text is sent without our row bound (a reader that holds one page at a time).
   */
  async pushdown(
    statement: StatementOf<'select'>,
    session: SqlSession,
    maxRows?: number,
  ): Promise<{ source: string; sql: string } | undefined> {
    const placement = await this.placement(statement, session);
    if (placement.kind !== 'one') return undefined;
    return { source: placement.source, sql: await this.rendered(statement, placement.source, maxRows) };
  }

  /**
   * The data sources a SELECT reads, from its table references (the engine's parse of it, or the source a
   * native query is sent to); none when it reads no source.
   */
  async sourcesRead(statement: StatementOf<'select'>, session: SqlSession): Promise<string[]> {
    const placement = await this.placement(statement, session);
    if (placement.kind === 'none') return [];
    if (placement.kind !== 'mixed') return [placement.source];
    // A mixed placement comes only from the engine's parse of the statement (place), so it parses again.
    const { tables } = await readUserSelect(this.data, toEngineDialect(statement.sql));
    const read = tables.map((ref) => sourceOf(ref, placement.names, placement.sessionSource));
    return [...new Set(read.filter((s): s is string => s !== undefined))].sort();
  }

  private async rendered(
    statement: StatementOf<'select'>,
    source: string,
    maxRows?: number,
  ): Promise<string> {
    const dialect = await this.sources.dialect(source);
    // One reading of the statement serves both: its top-level LIMIT is the same in the rendered text.
    const tokens = tokenize(statement.sql);
    const text = renderForSource(statement.sql, source, dialect, tokens);
    return maxRows === undefined ? text : withRowBound(text, maxRows, hasTopLevelLimit(tokens));
  }

  private async placement(
    statement: StatementOf<'select'>,
    session: SqlSession,
  ): Promise<
    | Exclude<Placement, { kind: 'mixed' }>
    | { kind: 'native'; source: string; text: string }
    | { kind: 'mixed'; names: Set<string>; sessionSource?: string }
  > {
    const names = await this.sources.names();
    if (names.size === 0) return { kind: 'none' };
    const tokens = tokenize(statement.sql);
    const native = nativeQuery(statement.sql, tokens, names);
    if (native) return { kind: 'native', ...native };
    const sessionSource = names.has(session.db) ? session.db : undefined;
    const written = writtenSources(tokens, names);
    if (written.size === 0 && !sessionSource) return { kind: 'none' };
    const placement =
      (await this.writtenInOneSource(tokens, written)) ??
      (await this.place(statement.sql, names, sessionSource, written));
    return placement.kind === 'mixed' ? { kind: 'mixed', names, sessionSource } : placement;
  }

  private async send(
    source: string,
    sql: string,
    { maxRows, signal }: { maxRows: number; signal?: AbortSignal },
  ): Promise<SqlOutcome> {
    const result = await this.sources.query(source, sql, { timeoutMs: this.sources.timeoutMs, signal });
    if (result.rows.length > maxRows) {
      throw new TooManyRowsError(
        `The query returns more than ${maxRows.toLocaleString('en-US')} rows: add a LIMIT, a WHERE or an aggregate`,
      );
    }
    return table(result.columnNames, result.rows);
  }

  /**
   * The quick answer for the common case, without the engine's parser (a round trip that would double the cost
   * of a point query): the statement names one source and no other database (`files`, a project) at the head
   * of any dotted name. An unqualified name is then the source's own (a CTE, or a table the source will refuse
   * by name), since only a USE makes unqualified names ours.
   */
  private async writtenInOneSource(
    tokens: readonly Token[],
    written: Set<string>,
  ): Promise<Placement | undefined> {
    if (written.size !== 1) return undefined;
    const others = new Set([
      ...DATA_SOURCES.map((d) => d.name),
      ...(await this.projects.list()).map((p) => p.name),
    ]);
    const namesOther = tokens.some((t, i) => {
      const next = tokens[i + 1];
      if (!next || next.kind !== 'op' || next.value !== '.') return false;
      return (
        (t.kind === 'ident' || t.kind === 'quoted_ident') &&
        others.has(t.kind === 'ident' ? t.value.toLowerCase() : t.value)
      );
    });
    return namesOther ? undefined : { kind: 'one', source: [...written][0] };
  }

  /**
   * Finds the tables with the engine's own parser (names in subqueries, joins and CTEs included). A statement
   * the engine cannot parse (the source's own syntax) that names exactly one source goes to that source, which
   * judges it.
   */
  private async place(
    sql: string,
    names: Set<string>,
    sessionSource: string | undefined,
    written: Set<string>,
  ): Promise<Placement> {
    let tables: TableReference[];
    try {
      tables = (await readUserSelect(this.data, toEngineDialect(sql))).tables;
    } catch (err) {
      // Refused (a function the one check of user SQL refuses): refused here too, wherever it would go.
      if (!(err instanceof StatementParseError)) throw err;
      if (written.size === 1) return { kind: 'one', source: [...written][0] };
      if (written.size === 0 && sessionSource) return { kind: 'one', source: sessionSource };
      return { kind: 'none' };
    }
    const places = new Set<string>();
    for (const ref of tables) {
      const source = sourceOf(ref, names, sessionSource);
      places.add(
        source !== undefined
          ? `source:${source}`
          : `other:${[ref.catalog, ref.schema].filter(Boolean).join('.') || ref.table}`,
      );
    }
    const sources = [...places].filter((p) => p.startsWith('source:')).map((p) => p.slice(7));
    if (sources.length === 0) return { kind: 'none' };
    if (places.size === 1) return { kind: 'one', source: sources[0] };
    return { kind: 'mixed' };
  }
}

/** The source a table reference reads: its catalog or schema part, or the session's source for a bare name. */
function sourceOf(ref: TableReference, names: Set<string>, sessionSource: string | undefined) {
  if (ref.catalog) return names.has(ref.catalog) ? ref.catalog : undefined;
  if (ref.schema) return names.has(ref.schema) ? ref.schema : undefined;
  return sessionSource;
}

/** Sources named at the start of a dotted name anywhere in the statement (`shop.orders`, `shop.public.t`). */
function writtenSources(tokens: readonly Token[], names: Set<string>): Set<string> {
  const found = new Set<string>();
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    if (!next || next.kind !== 'op' || next.value !== '.') return;
    const name = t.kind === 'ident' ? t.value.toLowerCase() : t.kind === 'quoted_ident' ? t.value : undefined;
    if (name !== undefined && names.has(name)) found.add(name);
  });
  return found;
}

const nativeQueryAlone = (source: string) =>
  new ValidationError(
    `A native query is written alone: SELECT * FROM ${source} (...) with nothing after the brackets`,
  );

/**
 * `SELECT * FROM source (native text)`: MindsDB's way to send a statement in the source's own SQL. The text
 * between the brackets goes to the source as written.
 */
function nativeQuery(
  sql: string,
  tokens: readonly Token[],
  names: Set<string>,
): { source: string; text: string } | undefined {
  const shape = nativeQueryShape(tokens);
  if (!shape || !names.has(shape.source)) {
    const within = nativeQueryWithin(tokens);
    if (within && names.has(within.source)) throw nativeQueryAlone(within.source);
    return undefined;
  }
  const { source, close } = shape;
  const rest = tokens
    .slice(close + 1)
    .filter((t) => t.kind !== 'eof' && !(t.kind === 'op' && t.value === ';'));
  if (rest.length > 0) throw nativeQueryAlone(source);
  const text = sql.slice(tokens[shape.first - 1].offset + 1, tokens[close].offset).trim();
  if (!text) throw new ValidationError(`The native query for '${source}' is empty`);
  return { source, text };
}

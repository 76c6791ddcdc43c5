import type { DuckDb, JsonValue, SqlParam } from '../../engines/duckdb';
import { openScratchEngine } from '../../engines/scratch';
import { quoteSourceIdent } from '../../engines/sources/dialect';
import type { ColumnKind } from '../../engines/sources/types';
import { tokenize } from '../../dialect/tokenizer';
import { TooManyRowsError, ValidationError } from '../../errors';
import { toEngineDialect } from '../../dialect/engine-dialect';
import { readUserSelect, type TableReference } from '../../engines/table-references';
import { table, type SqlOutcome } from '../../domain/sql';
import { renderFilter, type FilterDialect, type SideColumn } from './pushed-filter';
import type { DataSourceService } from './service';
import { columnResolver, planCrossJoin, type CrossJoinPlan } from './side-plan';

/**
 * Most rows pulled from one side of a query that joins a source with files or with another source. Past this
 * the query is refused with a message naming the side, rather than filling the server's memory.
 */
export const MAX_JOIN_SIDE_ROWS = 100_000;

/** Each placed side of a cross-source query: where its rows come from, and its name in the join engine. */
interface Side {
  ref: TableReference;
  /** `source` for a connected database, otherwise the uploaded files. */
  source?: string;
  engineSchema: string;
  /** The side's table in the join engine: one load per key, however often the statement names it. */
  key: string;
  /** The name as the user wrote it, for messages. */
  label: string;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A SELECT that joins a source's tables with `files.*` or with another source. Each table is pulled with what
 * the query needs of it (see side-plan.ts and pushed-filter.ts): the columns it names, the WHERE conditions
 * on that table's columns alone (rendered in the side's dialect, values bound), a LIMIT where one is safe;
 * at most MAX_JOIN_SIDE_ROWS rows. The rows are loaded into a private in-memory engine that is sandboxed like
 * the data database (no file, no network), and the statement runs there unchanged (every condition again),
 * but for `source.schema.table` names, which become `"source__schema".table` (the engine has no catalog per
 * source).
 */
export async function runCrossSourceSelect(
  sql: string,
  deps: { sources: DataSourceService; data: DuckDb; names: Set<string>; sessionSource?: string },
  { maxRows, signal }: { maxRows: number; signal?: AbortSignal },
): Promise<SqlOutcome> {
  const engineSql = toEngineDialect(sql);
  const { ast, tables } = await readUserSelect(deps.data, engineSql);
  const sides = tables.map((ref) => place(ref, deps.names, deps.sessionSource));
  const plan = planCrossJoin(ast, sides);
  const distinct = [...new Map(sides.map((side) => [side.key, side])).values()];
  const probed = new Map<string, Probe>();
  for (const side of distinct) probed.set(side.key, await probe(side, deps, signal));
  const engine = await openScratchEngine({ memoryLimit: '1GB', queryTimeoutMs: deps.sources.timeoutMs });
  try {
    for (const side of distinct) {
      const request = sideRequest(side, plan, probed);
      const rows = await pull(side, probed.get(side.key)!, request, deps, signal);
      await load(engine, side, rows);
    }
    const result = await engine.queryAtMost(rewriteCatalogNames(engineSql, tables), maxRows, { signal });
    if (result.truncated) {
      throw new TooManyRowsError(
        `The query returns more than ${maxRows.toLocaleString('en-US')} rows: add a LIMIT, a WHERE or an aggregate`,
      );
    }
    return table(result.columnNames, result.rows);
  } finally {
    engine.close();
  }
}

function place(ref: TableReference, names: Set<string>, sessionSource?: string): Side {
  const side = (source: string | undefined, engineSchema: string): Side => ({
    ref,
    source,
    engineSchema,
    key: `${engineSchema}.${ref.table}`,
    label: [ref.catalog, ref.schema, ref.table].filter(Boolean).join('.'),
  });
  if (ref.catalog && names.has(ref.catalog)) return side(ref.catalog, `${ref.catalog}__${ref.schema}`);
  if (!ref.catalog && names.has(ref.schema)) return side(ref.schema, ref.schema);
  if (!ref.catalog && !ref.schema && sessionSource) return side(sessionSource, 'main');
  if (!ref.catalog && ref.schema === 'files') return side(undefined, 'files');
  const name = [ref.catalog, ref.schema, ref.table].filter(Boolean).join('.');
  throw new ValidationError(
    ref.schema || ref.catalog
      ? `Unknown database in '${name}': a query that joins a data source may read files.* and connected sources`
      : `Unknown table '${name}': name its database, e.g. files.${ref.table}`,
  );
}

/** A side's columns as it spells them, with their kinds, and the dialect its statements are written in. */
interface Probe {
  columns: SideColumn[];
  dialect: FilterDialect;
  from: string;
}

/** What is asked of one side: its columns, the conditions sent with them (and their values), a LIMIT. */
interface SideRequest {
  columns: string[];
  where: string[];
  params: SqlParam[];
  limit?: number;
}

/** The side's columns and their kinds, from an empty read (no row is sent). */
async function probe(
  side: Side,
  deps: { sources: DataSourceService; data: DuckDb },
  signal?: AbortSignal,
): Promise<Probe> {
  if (side.source) {
    const dialect = await deps.sources.dialect(side.source);
    const parts = side.ref.catalog ? [side.ref.schema, side.ref.table] : [side.ref.table];
    const from = parts.map((p) => quoteSourceIdent(p, dialect)).join('.');
    const options = { timeoutMs: deps.sources.timeoutMs, signal };
    const empty = await deps.sources.query(side.source, `SELECT * FROM ${from} WHERE 1 = 0`, options);
    const columns = empty.columnNames.map((name, i) => ({
      name,
      kind: empty.columnKinds?.[i] ?? ('other' as const),
    }));
    return { columns, dialect, from };
  }
  const from = `files.${quote(side.ref.table)}`;
  const empty = await deps.data.queryAtMost(`SELECT * FROM ${from} LIMIT 0`, 1, { signal });
  const columns = empty.columnNames.map((name, i) => ({
    name,
    kind: kindOfEngineType(empty.columnTypes[i]),
  }));
  return { columns, dialect: 'files', from };
}

/** The kind of a column of files (see ColumnKind): FLOAT, single precision, compares inexactly. */
function kindOfEngineType(type: string): ColumnKind {
  if (/^(U?(TINYINT|SMALLINT|INTEGER|BIGINT)|DOUBLE|DECIMAL.*)$/.test(type)) return 'number';
  if (type === 'VARCHAR') return 'text';
  if (type === 'BOOLEAN') return 'boolean';
  return 'other';
}

/**
 * The columns the query reads from the side, the WHERE (and inner ON) conjuncts that name only its columns,
 * rendered in its dialect, and the statement's LIMIT when the side alone makes the result and every condition
 * went with it exactly.
 */
function sideRequest(side: Side, plan: CrossJoinPlan, probed: Map<string, Probe>): SideRequest {
  const { columns, dialect } = probed.get(side.key)!;
  const wanted = plan.sides.get(side.key)?.columns;
  const request: SideRequest = {
    columns: columns.map((c) => c.name).filter((c) => !wanted || wanted.has(c.toLowerCase())),
    where: [],
    params: [],
  };
  if (!plan.sides.get(side.key)?.filterable) return request;
  const resolve = columnResolver(plan, side.key, (key) => probed.get(key)?.columns ?? []);
  let exact = dialect !== 'mysql'; // MySQL's collations may compare text case-insensitively: a superset only
  plan.conjuncts.forEach((conjunct, i) => {
    const whole = renderFilter(conjunct, resolve, dialect, request.params, { exact: true });
    const sent = whole ?? renderFilter(conjunct, resolve, dialect, request.params);
    if (sent !== undefined) request.where.push(sent);
    if (i < plan.whereCount && whole === undefined) exact = false;
  });
  if (exact && plan.limit !== undefined && plan.topLevel[0] === side.key) request.limit = plan.limit;
  return request;
}

/** One side's rows: the request's columns and rows, one row past the bound to tell "too many" from "enough". */
async function pull(
  side: Side,
  { dialect, from }: Probe,
  request: SideRequest,
  deps: { sources: DataSourceService; data: DuckDb },
  signal?: AbortSignal,
): Promise<{ columnNames: string[]; rows: JsonValue[][] }> {
  const list = request.columns.length
    ? request.columns.map((c) => (dialect === 'files' ? quote(c) : quoteSourceIdent(c, dialect))).join(', ')
    : '1 AS present';
  const where = request.where.length ? ` WHERE ${request.where.join(' AND ')}` : '';
  const bound = Math.min(request.limit ?? Infinity, MAX_JOIN_SIDE_ROWS + 1);
  const text = `SELECT ${list} FROM ${from}${where} LIMIT ${bound}`;
  const result = side.source
    ? await deps.sources.query(side.source, text, {
        params: request.params,
        timeoutMs: deps.sources.timeoutMs,
        signal,
      })
    : await deps.data.queryAtMost(text, MAX_JOIN_SIDE_ROWS + 1, { signal });
  if (result.rows.length > MAX_JOIN_SIDE_ROWS) {
    throw new ValidationError(
      `'${side.label}' has more than ${MAX_JOIN_SIDE_ROWS.toLocaleString('en-US')} rows${where ? ' matching the conditions sent to it' : ''}: ` +
        'too large to join across data sources (filter it on its own columns in the WHERE, or query one source ' +
        'at a time: a query that reads one source only is sent to it whole)',
    );
  }
  return result;
}

/** A column's type from its values: the narrowest of BIGINT, DOUBLE, BOOLEAN, VARCHAR that holds them all. */
function columnType(rows: JsonValue[][], index: number): string {
  let type: string | undefined;
  for (const row of rows) {
    const v = row[index];
    if (v === null) continue;
    const t =
      typeof v === 'boolean'
        ? 'BOOLEAN'
        : typeof v === 'number'
          ? Number.isSafeInteger(v)
            ? 'BIGINT'
            : 'DOUBLE'
          : 'VARCHAR';
    if (!type) type = t;
    else if (type !== t)
      type =
        (type === 'BIGINT' && t === 'DOUBLE') || (type === 'DOUBLE' && t === 'BIGINT') ? 'DOUBLE' : 'VARCHAR';
  }
  return type ?? 'VARCHAR';
}

async function load(engine: DuckDb, side: Side, data: { columnNames: string[]; rows: JsonValue[][] }) {
  const types = data.columnNames.map((_, i) => columnType(data.rows, i));
  const target = `${quote(side.engineSchema)}.${quote(side.ref.table)}`;
  await engine.run(`CREATE SCHEMA IF NOT EXISTS ${quote(side.engineSchema)}`);
  await engine.run(
    `CREATE TABLE ${target} (${data.columnNames.map((c, i) => `${quote(c)} ${types[i]}`).join(', ')})`,
  );
  const perStatement = Math.max(1, Math.floor(2000 / Math.max(1, data.columnNames.length)));
  for (let i = 0; i < data.rows.length; i += perStatement) {
    const batch = data.rows.slice(i, i + perStatement);
    const placeholders = `(${data.columnNames.map(() => '?').join(', ')})`;
    const params: SqlParam[] = batch.flatMap((row) =>
      row.map((v, c) =>
        v !== null && typeof v === 'object'
          ? JSON.stringify(v)
          : types[c] === 'VARCHAR' && v !== null
            ? String(v)
            : (v as SqlParam),
      ),
    );
    await engine.run(`INSERT INTO ${target} VALUES ${batch.map(() => placeholders).join(', ')}`, params);
  }
}

/** `source.schema.table` written as one name (three parts) becomes `"source__schema".table` for the join engine. */
function rewriteCatalogNames(sql: string, tables: TableReference[]): string {
  const tokens = tokenize(sql);
  const edits: { start: number; end: number; text: string }[] = [];
  for (const ref of tables) {
    if (!ref.catalog) continue;
    const first = tokens.findIndex((t) => t.offset === ref.location);
    const last = tokens[first + 4];
    if (first < 0 || !last) continue;
    edits.push({
      start: tokens[first].offset,
      end: last.offset + last.text.length,
      text: `${quote(`${ref.catalog}__${ref.schema}`)}.${quote(ref.table)}`,
    });
  }
  let out = sql;
  for (const e of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

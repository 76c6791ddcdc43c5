import { DuckDb, type JsonValue, type SqlParam } from '../../engines/duckdb';
import { quoteSourceIdent } from '../../engines/sources/dialect';
import { tokenize } from '../../dialect/tokenizer';
import { ValidationError } from '../../errors';
import { toEngineDialect } from '../sql/engine-select';
import {
  collectReferences,
  isValueOnlyTableFunction,
  parseSelect,
  type TableReference,
} from '../sql/table-references';
import { table, type SqlOutcome } from '../sql/types';
import type { DataSourceService } from './service';

/**
 * Most rows pulled from one side of a query that joins a source with files or with another source. Each side
 * is read whole (only the columns the query names), so past this the query is refused with a message naming
 * the side, rather than filling the server's memory.
 */
export const MAX_JOIN_SIDE_ROWS = 100_000;

/** Each placed side of a cross-source query: where its rows come from, and its name in the join engine. */
interface Side {
  ref: TableReference;
  /** `source` for a connected database, otherwise the uploaded files. */
  source?: string;
  engineSchema: string;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A SELECT that joins a source's tables with `files.*` or with another source. Each table is pulled (only
 * the columns the query names, at most MAX_JOIN_SIDE_ROWS rows), loaded into a private in-memory engine that
 * is sandboxed like the data database (no file, no network), and the statement runs there unchanged, but for
 * `source.schema.table` names, which become `"source__schema".table` (the engine has no catalog per source).
 */
export async function runCrossSourceSelect(
  sql: string,
  deps: { sources: DataSourceService; data: DuckDb; names: Set<string>; sessionSource?: string },
  { maxRows, signal }: { maxRows: number; signal?: AbortSignal },
): Promise<SqlOutcome> {
  const engineSql = toEngineDialect(sql);
  const ast = await parseSelect(deps.data, engineSql);
  const { tables, functions } = collectReferences(ast);
  const fn = functions.find((f) => !isValueOnlyTableFunction(f.name));
  if (fn) throw new ValidationError(`Table function '${fn.name}' is not allowed`);
  const sides = tables.map((ref) => place(ref, deps.names, deps.sessionSource));
  const wanted = namedColumns(ast);
  const engine = await DuckDb.open(':memory:', {
    sandbox: { memoryLimit: '1GB' },
    queryTimeoutMs: deps.sources.timeoutMs,
  });
  try {
    const loaded = new Set<string>();
    for (const side of sides) {
      const key = `${side.engineSchema}.${side.ref.table}`;
      if (loaded.has(key)) continue;
      loaded.add(key);
      const rows = await pull(side, wanted, deps, signal);
      await load(engine, side, rows);
    }
    const result = await engine.queryAtMost(rewriteCatalogNames(engineSql, tables), maxRows, { signal });
    if (result.truncated) {
      throw new ValidationError(
        `The query returns more than ${maxRows.toLocaleString('en-US')} rows: add a LIMIT, a WHERE or an aggregate`,
      );
    }
    return table(result.columnNames, result.rows);
  } finally {
    engine.close();
  }
}

function place(ref: TableReference, names: Set<string>, sessionSource?: string): Side {
  if (ref.catalog && names.has(ref.catalog)) {
    return { ref, source: ref.catalog, engineSchema: `${ref.catalog}__${ref.schema}` };
  }
  if (!ref.catalog && names.has(ref.schema)) return { ref, source: ref.schema, engineSchema: ref.schema };
  if (!ref.catalog && !ref.schema && sessionSource)
    return { ref, source: sessionSource, engineSchema: 'main' };
  if (!ref.catalog && ref.schema === 'files') return { ref, engineSchema: 'files' };
  const name = [ref.catalog, ref.schema, ref.table].filter(Boolean).join('.');
  throw new ValidationError(
    ref.schema || ref.catalog
      ? `Unknown database in '${name}': a query that joins a data source may read files.* and connected sources`
      : `Unknown table '${name}': name its database, e.g. files.${ref.table}`,
  );
}

/** The column names the query mentions anywhere, or undefined when it selects `*` (every column is needed). */
function namedColumns(ast: unknown): Set<string> | undefined {
  const names = new Set<string>();
  let star = false;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (n.class === 'STAR') star = true;
    if (n.class === 'COLUMN_REF' && Array.isArray(n.column_names)) {
      const parts = n.column_names as string[];
      names.add(String(parts[parts.length - 1]).toLowerCase());
    }
    Object.values(n).forEach(walk);
  };
  walk(ast);
  return star ? undefined : names;
}

/** One side's rows: the named columns only, one row past the bound to tell "too many" from "enough". */
async function pull(
  side: Side,
  wanted: Set<string> | undefined,
  deps: { sources: DataSourceService; data: DuckDb },
  signal?: AbortSignal,
): Promise<{ columnNames: string[]; rows: JsonValue[][] }> {
  const label = [side.ref.catalog, side.ref.schema, side.ref.table].filter(Boolean).join('.');
  let result: { columnNames: string[]; rows: JsonValue[][] };
  if (side.source) {
    const dialect = await deps.sources.dialect(side.source);
    const parts = side.ref.catalog ? [side.ref.schema, side.ref.table] : [side.ref.table];
    const from = parts.map((p) => quoteSourceIdent(p, dialect)).join('.');
    const options = { timeoutMs: deps.sources.timeoutMs, signal };
    const all = (await deps.sources.query(side.source, `SELECT * FROM ${from} WHERE 1 = 0`, options))
      .columnNames;
    const columns = wanted ? all.filter((c) => wanted.has(c.toLowerCase())) : all;
    const list = columns.length
      ? columns.map((c) => quoteSourceIdent(c, dialect)).join(', ')
      : '1 AS present';
    result = await deps.sources.query(
      side.source,
      `SELECT ${list} FROM ${from} LIMIT ${MAX_JOIN_SIDE_ROWS + 1}`,
      options,
    );
  } else {
    const from = `files.${quote(side.ref.table)}`;
    const all = (await deps.data.queryAtMost(`SELECT * FROM ${from} LIMIT 0`, 1, { signal })).columnNames;
    const columns = wanted ? all.filter((c) => wanted.has(c.toLowerCase())) : all;
    const list = columns.length ? columns.map(quote).join(', ') : '1 AS present';
    result = await deps.data.queryAtMost(`SELECT ${list} FROM ${from}`, MAX_JOIN_SIDE_ROWS + 1, { signal });
  }
  if (result.rows.length > MAX_JOIN_SIDE_ROWS) {
    throw new ValidationError(
      `'${label}' has more than ${MAX_JOIN_SIDE_ROWS.toLocaleString('en-US')} rows: too large to join across data sources (a query that reads one source only is sent to it whole)`,
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

import { quoteIdent, type JsonValue, type SqlParam } from '../engines/duckdb';
import { DATA_SOURCES, SYSTEM_DATABASES } from '../domain/system-databases';
import { openScratchEngine } from '../engines/scratch';
import { tokenize, type Token } from '../dialect/tokenizer';
import type { FileService } from '../services/files';
import { type ProjectService } from '../services/projects';
import type { JobInfo } from '../services/jobs/service';
import type { KnowledgeBaseService } from '../services/knowledge-bases/service';
import { DESCRIBE_NAMES, knowledgeBaseQueryRows, knowledgeBaseRows, QUERY_COLUMNS } from './kb-describe';
import { readLocated, SqlEngineError } from './engine-select';
import { lineColumn } from '../dialect/engine-dialect';
import { TooManyRowsError } from '../errors';
import type { TableReference } from '../engines/table-references';
import { table, type SqlOutcome, type SqlSession } from '../domain/sql';

/** Most rows one information_schema query answers with: the catalogue is small, a cross join need not be. */
const MAX_ROWS = 100_000;

/** What a virtual table reads from: the catalogue only, never a secret (keys masked, no connection settings). */
export interface CatalogSources {
  projects: ProjectService;
  files: FileService;
  /** A project's views (name and SELECT): VIEWS. */
  views?: { list(project: string): Promise<{ name: string; query: string }[]> };
  /** Every project's jobs: JOBS. */
  jobs?: { list(): Promise<JobInfo[]> };
  /** Knowledge bases, listed with their keys masked: KNOWLEDGE_BASES. */
  knowledgeBases: KnowledgeBaseService;
}

/** One table of information_schema: its columns (MySQL's upper-case names) and how to fill it. */
export interface InformationSchemaTable {
  name: string;
  columns: string[];
  rows: (sources: CatalogSources) => Promise<SqlParam[][]>;
}

const tables = new Map<string, InformationSchemaTable>();

/**
 * Adds a table to information_schema. Other parts of the server add theirs (VIEWS, JOBS) the same way, so
 * this file need not know them.
 */
export function registerInformationSchemaTable(t: InformationSchemaTable): void {
  tables.set(t.name.toUpperCase(), t);
}

/** The tables a system database shows in the tree, or undefined when `db` is not a system database. */
export function systemDatabaseTables(db: string): string[] | undefined {
  db = db.toLowerCase();
  if (db === 'information_schema') return [...tables.keys()];
  // MindsDB's `log` database holds its own run logs; this server keeps none there (agent runs have their own
  // log, with no content), so it is listed, and empty.
  if (db === 'log') return [];
  return undefined;
}

async function allDatabases(s: CatalogSources) {
  return [
    ...SYSTEM_DATABASES.map((name) => ({ name, type: 'system', engine: null })),
    ...(await s.projects.list()).map((p) => ({ name: p.name, type: 'project', engine: null })),
    ...DATA_SOURCES.map((d) => ({ name: d.name, type: 'data', engine: d.engine as string | null })),
  ];
}

/** Tables of every database: files, knowledge bases and agents (each queryable by name), and these views. */
async function allTables(s: CatalogSources) {
  const rows: { schema: string; name: string; type: string; rows: number | null }[] = [];
  for (const name of tables.keys())
    rows.push({ schema: 'information_schema', name, type: 'SYSTEM VIEW', rows: null });
  for (const p of await s.projects.list()) {
    rows.push({ schema: p.name, name: 'models', type: 'BASE TABLE', rows: 0 });
    for (const o of await s.projects.objects(p.name)) {
      rows.push({ schema: p.name, name: o.name, type: o.type.toUpperCase(), rows: null });
    }
  }
  for (const f of await s.files.list())
    rows.push({ schema: 'files', name: f.name, type: 'BASE TABLE', rows: f.row_count });
  return rows;
}

registerInformationSchemaTable({
  name: 'SCHEMATA',
  columns: [
    'CATALOG_NAME',
    'SCHEMA_NAME',
    'DEFAULT_CHARACTER_SET_NAME',
    'DEFAULT_COLLATION_NAME',
    'SQL_PATH',
  ],
  rows: async (s) =>
    (await allDatabases(s)).map((d) => ['def', d.name, 'utf8mb4', 'utf8mb4_0900_ai_ci', null]),
});

registerInformationSchemaTable({
  name: 'DATABASES',
  columns: ['NAME', 'TYPE', 'ENGINE'],
  rows: async (s) => (await allDatabases(s)).map((d) => [d.name, d.type, d.engine]),
});

registerInformationSchemaTable({
  name: 'TABLES',
  columns: [
    'TABLE_CATALOG',
    'TABLE_SCHEMA',
    'TABLE_NAME',
    'TABLE_TYPE',
    'ENGINE',
    'TABLE_ROWS',
    'TABLE_COMMENT',
  ],
  rows: async (s) => (await allTables(s)).map((t) => ['def', t.schema, t.name, t.type, null, t.rows, '']),
});

registerInformationSchemaTable({
  name: 'COLUMNS',
  columns: [
    'TABLE_CATALOG',
    'TABLE_SCHEMA',
    'TABLE_NAME',
    'COLUMN_NAME',
    'ORDINAL_POSITION',
    'COLUMN_DEFAULT',
    'IS_NULLABLE',
    'DATA_TYPE',
  ],
  rows: async (s) => {
    const rows: SqlParam[][] = [];
    for (const f of await s.files.list()) {
      // The type is left NULL: the file listing names columns only, and a NULL says "unknown" honestly.
      f.columns.forEach((c, i) => rows.push(['def', 'files', f.name, c, i + 1, null, 'YES', null]));
    }
    for (const t of tables.values()) {
      t.columns.forEach((c, i) =>
        rows.push(['def', 'information_schema', t.name, c, i + 1, null, 'YES', null]),
      );
    }
    return rows;
  },
});

/**
 * Knowledge bases: MindsDB's columns, those of DESCRIBE KNOWLEDGE_BASE (models and parameters with their keys
 * masked), so that what DESCRIBE shows of one can be selected across them all.
 */
registerInformationSchemaTable({
  name: 'KNOWLEDGE_BASES',
  columns: DESCRIBE_NAMES,
  rows: (s) => knowledgeBaseRows(s.knowledgeBases, s.projects),
});

/** The knowledge bases' latest inserts, where MindsDB lists its background queries (see kb-describe.ts). */
registerInformationSchemaTable({
  name: 'QUERIES',
  columns: QUERY_COLUMNS,
  rows: (s) => knowledgeBaseQueryRows(s.knowledgeBases, s.projects),
});

/** Agents: their names and projects (their settings hold keys, so they stay out). */
registerInformationSchemaTable({
  name: 'AGENTS',
  columns: ['NAME', 'PROJECT'],
  rows: async (s) => {
    const rows: SqlParam[][] = [];
    for (const p of await s.projects.list()) {
      for (const o of await s.projects.objects(p.name)) if (o.type === 'agent') rows.push([o.name, p.name]);
    }
    return rows;
  },
});

/** Views of every project, with their SELECT as MySQL shows a view's definition. */
registerInformationSchemaTable({
  name: 'VIEWS',
  columns: ['TABLE_CATALOG', 'TABLE_SCHEMA', 'TABLE_NAME', 'VIEW_DEFINITION', 'CHECK_OPTION', 'IS_UPDATABLE'],
  rows: async (s) => {
    const rows: SqlParam[][] = [];
    if (!s.views) return rows;
    for (const p of await s.projects.list()) {
      for (const v of await s.views.list(p.name)) rows.push(['def', p.name, v.name, v.query, 'NONE', 'NO']);
    }
    return rows;
  },
});

/** Jobs of every project, in MindsDB's columns (times in UTC, as SHOW JOBS gives them). */
registerInformationSchemaTable({
  name: 'JOBS',
  columns: ['NAME', 'PROJECT', 'START_AT', 'END_AT', 'NEXT_RUN_AT', 'SCHEDULE_STR', 'QUERY', 'IF_QUERY'],
  rows: async (s) =>
    (await s.jobs?.list())?.map((j) => [
      j.name,
      j.project,
      j.start_at,
      j.end_at,
      j.next_run_at,
      j.schedule_str,
      j.query,
      j.if_query,
    ]) ?? [],
});

/** Does this SELECT read information_schema (named, or the session's database)? */
export function readsInformationSchema(sql: string, session: SqlSession): boolean {
  if (session.db.toLowerCase() === 'information_schema') return true;
  const tokens = tokenize(sql);
  return tokens.some(
    (t, i) => isSchemaName(t) && tokens[i + 1]?.kind === 'op' && tokens[i + 1].value === '.',
  );
}

function isSchemaName(t: Token): boolean {
  return (t.kind === 'ident' || t.kind === 'quoted_ident') && t.value.toLowerCase() === 'information_schema';
}

/**
 * Runs a SELECT on information_schema. The tables are built from the catalogue into a throwaway in-memory
 * engine that reads no file and loads nothing (the same sandbox as the data database), and the query runs
 * there: `information_schema.x` becomes `main.x`, since the engine has an information_schema of its own. The
 * statement is first read through the one check of user SQL, as every user SELECT is, and may then read only
 * the tables of information_schema: not the engine's own catalogue views (`pg_catalog.pg_settings`,
 * `duckdb_views`), which would otherwise answer in this engine.
 */
export async function runInformationSchemaSelect(
  sql: string,
  session: SqlSession,
  sources: CatalogSources,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SqlOutcome> {
  const engine = await openScratchEngine({ memoryLimit: '256MB' });
  try {
    const { tables: read } = await readLocated(engine, sql);
    for (const ref of read) checkInformationSchemaTable(ref, sql, session);
    for (const t of tables.values()) {
      const cols = t.columns.map((c) => `${quoteIdent(c)} VARCHAR`);
      await engine.run(`CREATE TABLE main.${quoteIdent(t.name)} (${cols.join(', ')})`);
      for (const row of await t.rows(sources)) {
        const marks = row.map(() => '?').join(', ');
        await engine.run(`INSERT INTO main.${quoteIdent(t.name)} VALUES (${marks})`, row.map(asText));
      }
    }
    const rewritten = toLocalSchema(sql);
    let result;
    try {
      result = await engine.queryAtMost(rewritten, MAX_ROWS, { signal });
    } catch (err) {
      const first = String((err as Error)?.message ?? err).split('\n')[0];
      throw new SqlEngineError(first.replace(/^(Binder|Catalog|Conversion|Parser|Permission) Error: /, ''));
    }
    if (result.truncated)
      throw new TooManyRowsError(`The query returns more than ${MAX_ROWS} rows: add a LIMIT`);
    return table(result.columnNames, result.rows.map(restoreNumbers));
  } finally {
    engine.close();
  }
}

/**
 * A query of information_schema reads its tables (`information_schema.tables`, or `tables` when it is the
 * session's database) and CTEs, nothing else: other databases are answered by their own handlers.
 */
function checkInformationSchemaTable(ref: TableReference, sql: string, session: SqlSession): void {
  const schema = ref.schema.toLowerCase();
  const inSchema =
    !ref.catalog &&
    (schema === 'information_schema' || (!schema && session.db.toLowerCase() === 'information_schema'));
  if (inSchema && tables.has(ref.table.toUpperCase())) return;
  const name = [ref.catalog, ref.schema, ref.table].filter(Boolean).join('.');
  const pos = lineColumn(sql, ref.location);
  throw new SqlEngineError(
    inSchema
      ? `Unknown table '${name}' in information_schema (its tables: ${[...tables.keys()].join(', ')})`
      : `'${name}' cannot be read in a query of information_schema, which reads only its own tables`,
    pos.line,
    pos.column,
  );
}

/** Values are stored as text (every column VARCHAR, as MySQL's views mostly are); counts come back as numbers. */
function asText(v: SqlParam): SqlParam {
  return v === null ? null : String(v);
}

function restoreNumbers(row: JsonValue[]): JsonValue[] {
  return row.map((v) => (typeof v === 'string' && /^(0|[1-9]\d{0,14})$/.test(v) ? Number(v) : v));
}

function toLocalSchema(sql: string): string {
  let out = '';
  let last = 0;
  const tokens = tokenize(sql);
  tokens.forEach((t, i) => {
    if (!isSchemaName(t) || tokens[i + 1]?.value !== '.') return;
    out += sql.slice(last, t.offset) + 'main';
    last = t.offset + t.text.length;
  });
  return out + sql.slice(last);
}

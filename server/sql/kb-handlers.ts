import type { JsonValue } from '../engines/duckdb';
import type { Literal, QualifiedName, SimpleSelect, UsingParams } from '../dialect/ast';
import { parseStatement } from '../dialect/parser';
import { NotFoundError, ValidationError } from '../errors';
import { rowObject } from '../engines/row-object';
import type { InputRow } from '../services/knowledge-bases/documents';
import { insertOptionsFromUsing } from '../services/knowledge-bases/insert-params';
import type { KnowledgeBaseService } from '../services/knowledge-bases/service';
import { KB_SEARCH_COLUMNS, KB_SETTING_KEYS, type KnowledgeBaseInput } from '../domain/knowledge-bases';
import type { EngineSelect } from './engine-select';
import { insertSelectedRows, insertsInBackground } from '../services/knowledge-bases/insert-answer';
import { DESCRIBE_NAMES, describeRow } from './kb-describe';
import { isDataSource, locate } from './kb-names';
import { registerKbManageHandlers } from './kb-manage-handlers';
import { searchFromWhere, toFilter } from './kb-where';
import type { SqlRouter } from './router';
import { MAX_INSERT_ROWS } from '../domain/sql-limits';
import { ok, table, type SqlOutcome, type SqlSession } from '../domain/sql';

/** Parameters a USING block of CREATE / ALTER KNOWLEDGE_BASE may set. */
const USING_KEYS: ReadonlySet<string> = new Set(KB_SETTING_KEYS);

export function inputFromUsing(params: UsingParams): KnowledgeBaseInput {
  const unknown = Object.keys(params).filter((k) => !USING_KEYS.has(k));
  if (unknown.length) {
    throw new ValidationError(
      `Unknown knowledge base parameter '${unknown[0]}' (known: ${[...USING_KEYS].join(', ')})`,
      unknown[0],
    );
  }
  return params as KnowledgeBaseInput;
}

/** The KB a statement targets, or undefined when the target is not a knowledge base. */
async function findKb(kbs: KnowledgeBaseService, target: QualifiedName, session: SqlSession) {
  if (target.parts.length > 2) return undefined;
  const where = locate(target, session);
  if (isDataSource(where.project)) return undefined;
  const found = await kbs.get(where.project, where.name).catch((err: unknown) => {
    if (err instanceof NotFoundError) return undefined;
    throw err;
  });
  return found ? where : undefined;
}

function selectedColumns(select: SimpleSelect): string[] {
  const columns: string[] = [];
  for (const item of select.items) {
    if (item.expr.type === 'star') columns.push(...KB_SEARCH_COLUMNS);
    else if (
      item.expr.type === 'column' &&
      (KB_SEARCH_COLUMNS as readonly string[]).includes(item.expr.name.toLowerCase())
    ) {
      columns.push(item.expr.name.toLowerCase());
    } else {
      throw new ValidationError(`A knowledge base has the columns ${KB_SEARCH_COLUMNS.join(', ')}`);
    }
  }
  return columns;
}

function checkOrder(select: SimpleSelect): void {
  for (const o of select.orderBy) {
    const ok = (o.column === 'relevance' && o.descending) || (o.column === 'distance' && !o.descending);
    if (!ok)
      throw new ValidationError(
        'Knowledge base results come ordered by relevance; other orders are not supported',
      );
  }
}

function valuesRows(columns: string[] | undefined, rows: Literal[][]): InputRow[] {
  if (!columns?.length)
    throw new ValidationError('INSERT INTO a knowledge base needs a column list: (id, content, ...)');
  return rows.map((row) => {
    if (row.length !== columns.length) {
      throw new ValidationError(`A VALUES row has ${row.length} values for ${columns.length} columns`);
    }
    return rowObject(columns, row);
  });
}

/** CREATE / ALTER / DROP / DESCRIBE / SHOW KNOWLEDGE_BASE(S), INSERT INTO kb, DELETE FROM kb, SELECT FROM kb. */
export function registerKnowledgeBaseHandlers(
  router: SqlRouter,
  deps: { kbs: KnowledgeBaseService; engine: EngineSelect },
): void {
  const { kbs, engine } = deps;
  const secrets = (session: SqlSession) => ({ showSecrets: session.show_secrets });
  /** INSERT and DELETE in a project can only mean a knowledge base: a missing one is named in the error. */
  const kbTarget = async (target: QualifiedName, session: SqlSession) => {
    const where = locate(target, session);
    if (isDataSource(where.project)) return undefined;
    await kbs.get(where.project, where.name);
    return where;
  };

  registerKbManageHandlers(router, { kbs });

  router.register('create_knowledge_base', async (s, session) => {
    const { project, name } = locate(s.name, session);
    if (s.ifNotExists && (await findKb(kbs, s.name, session))) return ok(0);
    await kbs.create(project, { ...inputFromUsing(s.params), name });
    return ok(1);
  });

  router.register('alter_knowledge_base', async (s, session) => {
    const { project, name } = locate(s.name, session);
    await kbs.alter(project, name, inputFromUsing(s.params));
    return ok(1);
  });

  router.register('drop_knowledge_base', async (s, session) => {
    const { project, name } = locate(s.name, session);
    return ok((await kbs.drop(project, name, { ifExists: s.ifExists })) ? 1 : 0);
  });

  router.register('show_knowledge_bases', async (s, session) => {
    const project = s.from ?? session.db;
    const list = await kbs.list(project, secrets(session));
    const rows: JsonValue[][] = [];
    for (const kb of list) rows.push(await describeRow(kbs, kb, project));
    return table(DESCRIBE_NAMES, rows);
  });

  router.register('describe', async (s, session) => {
    if (s.objectType !== undefined && s.objectType !== 'knowledge_base') return undefined;
    const { project, name } = locate(s.name, session);
    if (s.objectType !== 'knowledge_base' && !(await findKb(kbs, s.name, session))) return undefined;
    const kb = await kbs.get(project, name, secrets(session));
    return table(DESCRIBE_NAMES, [await describeRow(kbs, kb, project)]);
  });

  /**
   * The rows of an INSERT's SELECT: a search of another knowledge base is answered by it (through the router);
   * anything else runs on the SQL engine, which may return up to MAX_INSERT_ROWS rows.
   */
  const selectForInsert = async (
    sql: string,
    session: SqlSession,
  ): Promise<{ result: SqlOutcome; readsKb: boolean }> => {
    const statement = parseStatement(sql);
    if (
      statement.kind === 'select' &&
      statement.simple &&
      (await findKb(kbs, statement.simple.from, session))
    ) {
      const answer = await router.execute(sql, session);
      if (answer.type === 'error') throw new ValidationError(answer.error_message);
      return { result: answer, readsKb: true };
    }
    const result = await engine.run({ kind: 'select', sql }, session, { maxRows: MAX_INSERT_ROWS });
    return { result, readsKb: false };
  };

  router.register('insert', async (s, session, run) => {
    const target = await kbTarget(s.target, session);
    if (!target) return undefined;
    // Checked before the query runs: a mistaken parameter costs no read of the source.
    const options = insertOptionsFromUsing(s.params);
    let rows: InputRow[];
    let background = false;
    if (s.selectSql !== undefined) {
      const { result, readsKb } = await selectForInsert(s.selectSql, session);
      if (result.type !== 'table')
        throw new ValidationError('INSERT ... SELECT needs a query that returns rows');
      const columns = s.columns ?? result.column_names;
      if (columns.length !== result.column_names.length) {
        throw new ValidationError(
          `The query returns ${result.column_names.length} columns for ${columns.length} names`,
        );
      }
      rows = result.data.map((row) => rowObject(columns, row));
      background = !readsKb && insertsInBackground(kbs, s.params, run);
    } else {
      rows = valuesRows(s.columns, s.rows ?? []);
    }
    return insertSelectedRows(kbs, target, rows, options, background, { run, session });
  });

  router.register('delete', async (s, session) => {
    const target = await kbTarget(s.target, session);
    if (!target) return undefined;
    const filters = s.where ? [toFilter(s.where)] : [];
    return ok(await kbs.deleteWhere(target.project, target.name, filters));
  });

  router.register('select', async (s, session) => {
    if (!s.simple) return undefined;
    const target = await findKb(kbs, s.simple.from, session);
    if (!target) return undefined;
    const columns = selectedColumns(s.simple);
    checkOrder(s.simple);
    const offset = s.simple.offset ?? 0;
    const search = searchFromWhere(s.simple.where);
    const limit = s.simple.limit === undefined ? undefined : s.simple.limit + offset;
    const rows = (await kbs.search(target.project, target.name, { ...search, limit })).slice(offset);
    return table(
      outputNames(s.simple, columns),
      rows.map((r) => columns.map((c) => r[c as keyof typeof r] as JsonValue)),
    );
  });
}

/** The result's column names: an item's alias (`chunk_content AS content`) where it has one. */
function outputNames(select: SimpleSelect, columns: string[]): string[] {
  if (select.items.some((item) => item.expr.type === 'star')) return columns;
  return select.items.map((item, i) => item.alias ?? columns[i]);
}

import type { StatementOf } from '../../dialect/ast';
import { NotFoundError, ValidationError } from '../../errors';
import { insertOptionsFromUsing } from '../knowledge-bases/insert-params';
import { rowObject } from '../../engines/row-object';
import type { InputRow } from '../knowledge-bases/documents';
import type { StreamedRows } from '../knowledge-bases/ingest';
import type { KnowledgeBaseService } from '../knowledge-bases/service';
import { MAX_INSERT_ROWS } from '../../domain/sql-limits';
import { insertSelectedRows, insertsInBackground } from '../knowledge-bases/insert-answer';
import type { SqlOutcome, SqlSession, StatementRun } from '../../domain/sql';
import type { DataSourceService } from './service';
import type { SourceSelect } from './source-select';

/**
 * `INSERT INTO kb SELECT ... FROM shop.articles`: the SELECT runs on the source (pushed down whole, at most
 * as many rows as any KB insert takes) and its rows are streamed into the KB's own insert, which chunks,
 * embeds and stores them in batches and reports progress. The sources read are noted with the KB (ours: a
 * source's drop names the KBs loaded from it). Answers undefined when the target is not a KB or the SELECT reads no
 * source, so the KB handler (files) and the others keep their statements.
 */
export async function insertIntoKbFromSource(
  s: StatementOf<'insert'>,
  session: SqlSession,
  deps: { select: SourceSelect; sources: DataSourceService; knowledgeBases: KnowledgeBaseService },
  run: StatementRun,
): Promise<SqlOutcome | undefined> {
  const kbs = deps.knowledgeBases;
  if (s.selectSql === undefined || s.target.parts.length > 2) return undefined;
  const [project, name] = s.target.parts.length === 2 ? s.target.parts : [session.db, s.target.parts[0]];
  const isKb = await kbs.get(project, name).then(
    () => true,
    (err: unknown) => {
      if (err instanceof NotFoundError) return false;
      throw err;
    },
  );
  if (!isKb) return undefined;
  // Checked before the source is read: a mistaken parameter costs no query.
  const options = insertOptionsFromUsing(s.params);
  const background = insertsInBackground(kbs, s.params, run);
  const target = { project, name };
  const query = { run, session };
  const statement = { kind: 'select' as const, sql: s.selectSql };
  const pushed = await deps.select.pushdown(statement, session, MAX_INSERT_ROWS);
  if (pushed) {
    // In the background the rows are read after the answer: the request's end does not stop their reading.
    const pages = await streamFromSource(
      deps.sources,
      pushed,
      s.columns,
      background ? undefined : run.signal,
    );
    const answer = await insertSelectedRows(kbs, target, pages, options, background, query);
    await kbs.loadSources.note(project, name, [pushed.source]);
    return answer;
  }
  // A native query or one that joins places: read whole, bounded, then inserted.
  const result = await deps.select.run(statement, session, { maxRows: MAX_INSERT_ROWS });
  if (!result) return undefined;
  if (result.type !== 'table') throw new ValidationError('INSERT ... SELECT needs a query that returns rows');
  const columns = namesFor(s.columns, result.column_names);
  const rows = result.data.map((row) => rowObject(columns, row));
  const answer = await insertSelectedRows(kbs, target, rows, options, background, query);
  await kbs.loadSources.note(project, name, await deps.select.sourcesRead(statement, session));
  return answer;
}

function namesFor(given: string[] | undefined, returned: string[]): string[] {
  const columns = given ?? returned;
  if (columns.length !== returned.length) {
    throw new ValidationError(`The query returns ${returned.length} columns for ${columns.length} names`);
  }
  return columns;
}

/**
 * The SELECT's rows as pages read from the source while the batches are embedded: first counted there (the
 * progress's total, and the insert's row limit checked before any row is read), then streamed through a
 * cursor with one page read ahead, so the source's reading overlaps the embedding.
 */
async function streamFromSource(
  sources: DataSourceService,
  pushed: { source: string; sql: string },
  givenColumns: string[] | undefined,
  signal: AbortSignal | undefined,
): Promise<StreamedRows> {
  const limits = { timeoutMs: sources.timeoutMs, signal };
  const counted = await sources.query(
    pushed.source,
    `SELECT count(*) FROM (${pushed.sql}) AS ks_rows`,
    limits,
  );
  const total = Number(counted.rows[0]?.[0] ?? 0);
  if (total > MAX_INSERT_ROWS) {
    throw new ValidationError(
      `The query returns more than ${MAX_INSERT_ROWS.toLocaleString('en-US')} rows, more than one insert takes: ` +
        'add a WHERE or a LIMIT and load the rest in another insert',
    );
  }
  async function* pages(): AsyncGenerator<InputRow[]> {
    let columns: string[] | undefined;
    const read = sources.stream(pushed.source, pushed.sql, { ...limits, pageSize: PAGE_ROWS });
    for await (const page of readAhead(read)) {
      columns ??= namesFor(givenColumns, page.columnNames);
      const names = columns;
      yield page.rows.map((row) => rowObject(names, row));
    }
  }
  return { pages: pages(), total };
}

/** Rows per page read from a source: a few batches' worth, so that memory stays small whatever the table. */
const PAGE_ROWS = 5000;

/** Asks for the next item as soon as one is handed on, so that the source is read while the page is used. */
async function* readAhead<T>(items: AsyncGenerator<T>): AsyncGenerator<T> {
  let next = items.next();
  try {
    for (;;) {
      const item = await next;
      if (item.done) return;
      next = items.next();
      yield item.value;
    }
  } finally {
    // Stopped early: the pending read is settled (its error observed) and the source's read is closed.
    await next.catch(() => undefined);
    await items.return(undefined).catch(() => undefined);
  }
}

import type { StatementOf } from '../dialect/ast';
import { batchOfRows, type RowBatch } from '../engines/row-batch';
import type { DataSourceService } from '../services/data-sources/service';
import type { SourceSelect } from '../services/data-sources/source-select';
import type { SqlSession } from '../domain/sql';

/** Rows read from the source at a time: the export holds about one page, whatever the result's size. */
const SOURCE_PAGE_ROWS = 5_000;

/**
 * A SELECT sent whole to one data source (the decision the SQL router's source handler makes, `pushdown`),
 * streamed to the writer through a cursor on the source, page by page, with no row limit. Each read from the
 * source has the sources' time limit; Stop (`signal`) cancels the statement on the source. Answers false,
 * having read nothing, when the SELECT is not one source's whole query (a native query, a join across places,
 * no source at all): the caller then exports it as before.
 */
export async function exportFromSource(
  deps: { select: SourceSelect; sources: DataSourceService },
  statement: StatementOf<'select'>,
  session: SqlSession,
  sink: (columns: string[], rows: RowBatch) => Promise<void>,
  signal: AbortSignal,
): Promise<boolean> {
  const pushed = await deps.select.pushdown(statement, session);
  if (!pushed) return false;
  const pages = deps.sources.stream(pushed.source, pushed.sql, {
    pageSize: SOURCE_PAGE_ROWS,
    timeoutMs: deps.sources.timeoutMs,
    signal,
  });
  // Leaving the loop early (the reader went away, the writer failed) closes the cursor on the source.
  for await (const page of pages) {
    if (signal.aborted) break;
    await sink(page.columnNames, batchOfRows(page.rows, page.columnNames.length));
  }
  return true;
}

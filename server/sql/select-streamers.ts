import { batchOfRows } from '../engines/row-batch';
import type { DataSourceService } from '../services/data-sources/service';
import type { SourceSelect } from '../services/data-sources/source-select';
import type { StatementStreamer } from '../domain/sql';
import { SqlEngineError, type EngineSelect } from './engine-select';

/** Rows read from a data source at a time: an export holds about one page, whatever the result's size. */
const SOURCE_PAGE_ROWS = 5_000;

/**
 * A SELECT every table of which the SQL engine reads itself (files, plain queries), streamed from the engine a
 * chunk at a time. The engine's refusal of a table (a knowledge base, a data source, information_schema) hands
 * the statement on; any other error is the statement's.
 */
export function engineStreamer(engine: EngineSelect): StatementStreamer<'select'> {
  return async (statement, _session, sink, { signal, caller }) => {
    try {
      await engine.checkedForEngine(statement);
    } catch (err) {
      if (err instanceof SqlEngineError) return false;
      throw err;
    }
    await engine.exportRows(statement, sink, { signal, caller });
    return true;
  };
}

/**
 * A SELECT sent whole to one data source (the decision the source handler makes, `pushdown`), streamed through
 * a cursor on the source, page by page. Each read has the sources' time limit; `signal` cancels the statement
 * on the source. Hands on, having read nothing, a SELECT that is not one source's whole query (a native query,
 * a join across places, no source at all).
 */
export function sourceStreamer(deps: {
  select: SourceSelect;
  sources: DataSourceService;
}): StatementStreamer<'select'> {
  return async (statement, session, sink, { signal }) => {
    const pushed = await deps.select.pushdown(statement, session);
    if (!pushed) return false;
    const pages = deps.sources.stream(pushed.source, pushed.sql, {
      pageSize: SOURCE_PAGE_ROWS,
      timeoutMs: deps.sources.timeoutMs,
      signal,
    });
    // Leaving the loop early (the reader went away, the writer failed) closes the cursor on the source.
    for await (const page of pages) {
      if (signal?.aborted) break;
      await sink(page.columnNames, batchOfRows(page.rows, page.columnNames.length));
    }
    return true;
  };
}

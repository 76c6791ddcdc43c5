import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import { z } from 'zod';
import { sqlContextSchema } from '../../protocol/api/sql';
import type { AppDeps } from '../app-deps';
import { parseStatement } from '../dialect/parser';
import type { JsonValue } from '../engines/duckdb';
import { ServiceError } from '../errors';
import { EngineSelect, SqlEngineError } from '../services/sql/engine-select';
import { StatementParseError } from '../services/sql/table-references';
import { HttpProblem, parseBody } from './problem';

/** Ours: `POST /api/sql/query/export` body. */
const exportRequestSchema = z.object({
  query: z.string(),
  context: sqlContextSchema.optional(),
  format: z.enum(['csv', 'json']).optional(),
});

/** Text a spreadsheet would run as a formula gets a leading `'`, as in the console's exports. */
const FORMULA_LIKE = /^(?![-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$)[=+\-@\t\r]/;

const csvCell = (value: JsonValue) =>
  value === null
    ? ''
    : typeof value === 'number'
      ? value
      : typeof value === 'object'
        ? JSON.stringify(value)
        : typeof value === 'string' && FORMULA_LIKE.test(value)
          ? `'${value}`
          : String(value);

/**
 * Ours: the whole result of a SELECT as a CSV or JSON download, streamed from the engine a chunk at a time
 * (the console's "Export the full result" of a result over the 100,000-row limit). No row limit, and the
 * server holds one chunk at a time, whatever the size. SELECTs the SQL engine answers (files, views, plain
 * queries); knowledge bases, agents and connected databases answer through their own handlers and are
 * refused here with a 400 naming the table. A reader that goes away stops the statement.
 */
export function registerSqlExportRoute(app: FastifyInstance, deps: AppDeps): void {
  const engine = new EngineSelect(deps.databases.data, deps.projects);

  app.post('/api/sql/query/export', async (request, reply) => {
    const { query, format = 'csv' } = parseBody(exportRequestSchema, request.body);
    let statement;
    try {
      statement = parseStatement(query);
    } catch (err) {
      throw new HttpProblem(400, 'Bad Request', (err as Error).message, 'query');
    }
    if (statement.kind !== 'select')
      throw new HttpProblem(400, 'Bad Request', 'Only a SELECT can be exported', 'query');

    const stop = new AbortController();
    reply.raw.once('close', () => stop.abort());
    let started = false;
    let rowsWritten = 0;
    const write = async (text: string) => {
      if (!reply.raw.write(text)) await Promise.race([once(reply.raw, 'drain'), once(reply.raw, 'close')]);
    };
    const start = (columns: string[]) => {
      started = true;
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="result.${format}"`,
        'cache-control': 'no-store',
      });
      return format === 'csv' ? `${Papa.unparse([columns], { newline: '\r\n' })}\r\n` : '[';
    };
    try {
      await engine.exportRows(
        statement,
        async (columns, rows) => {
          let text = started ? '' : start(columns);
          if (format === 'csv') {
            if (rows.length)
              text += `${Papa.unparse(
                rows.map((r) => r.map(csvCell)),
                { newline: '\r\n' },
              )}\r\n`;
          } else {
            for (const row of rows) {
              text += `${rowsWritten++ ? ',' : ''}\n${JSON.stringify(Object.fromEntries(columns.map((c, i) => [c, row[i]])))}`;
            }
          }
          if (text) await write(text);
        },
        { signal: stop.signal },
      );
    } catch (err) {
      // Before the first byte the error is a problem answer; after it, the download is cut short.
      if (!started) {
        const named =
          err instanceof ServiceError || err instanceof SqlEngineError || err instanceof StatementParseError;
        if (named) throw new HttpProblem(400, 'Bad Request', err.message, 'query');
        throw err;
      }
      reply.raw.destroy();
      return;
    }
    if (!started) throw new HttpProblem(400, 'Bad Request', 'The query returned no columns', 'query');
    if (format === 'json') await write(rowsWritten ? '\n]\n' : ']\n');
    reply.raw.end();
  });
}

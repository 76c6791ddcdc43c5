import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import type { Declared } from '../../protocol/api/answers';
import { copyRequestSchema, type ListDatabases } from '../../protocol/api/sql';
import type { AppDeps } from './app-deps';
import { callerOf } from '../http/caller';
import { DEFAULT_PROJECT } from '../services/projects';
import { bindParameters } from '../sql/sql-params';
import { HttpProblem, parseBody } from '../http/problem';

/**
 * Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, return first) gets a leading `'` when
 * pasted from a copy, as in the console's CSV export; plain numbers such as `-3` are left alone.
 */
const FORMULA_LIKE = /^(?![-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$)[=+\-@\t\r]/;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return typeof value === 'string' && FORMULA_LIKE.test(text) ? `'${text}` : text;
}

/** MindsDB's two further SQL routes: every database with its tables, and a result as CSV or TSV text. */
export function registerSqlExtraRoutes(app: FastifyInstance, deps: AppDeps): void {
  const session = () => ({ db: DEFAULT_PROJECT, show_secrets: false });

  app.get('/api/sql/list_databases', async () => {
    const databases = await deps.sql.execute('SHOW DATABASES', session());
    if (databases.type !== 'table') return databases;
    const data = [];
    for (const [name] of databases.data) {
      const tables = await deps.sql.execute(
        `SHOW TABLES FROM \`${String(name).replace(/`/g, '``')}\``,
        session(),
      );
      data.push({
        name: String(name),
        tables: tables.type === 'table' ? tables.data.map((r) => String(r[0])) : [],
      });
    }
    return { data } satisfies Declared<ListDatabases>;
  });

  app.post('/api/sql/query/copy', async (request, reply) => {
    const { query, context, params, format = 'csv' } = parseBody(copyRequestSchema, request.body);
    const kind = format.toLowerCase();
    if (!['csv', 'tsv', 'tab'].includes(kind)) {
      throw new HttpProblem(400, 'Invalid format', 'Format must be "csv", "tsv", or "tab".', 'format');
    }
    let bound: string;
    try {
      bound = bindParameters(query, params);
    } catch (err) {
      throw new HttpProblem(400, 'Query Error 0', (err as Error).message);
    }
    const result = await deps.sql.execute(
      bound,
      {
        db: typeof context?.db === 'string' && context.db ? context.db : DEFAULT_PROJECT,
        show_secrets: false,
      },
      { caller: callerOf(request, deps.auth.enabled) },
    );
    if (result.type === 'error')
      throw new HttpProblem(400, `Query Error ${result.error_code}`, result.error_message);
    if (result.type !== 'table') {
      throw new HttpProblem(
        400,
        'Invalid result type',
        'Query must return table data to copy. Non-SELECT queries cannot be copied.',
      );
    }
    const rows = result.data.map((r) => r.map(cellText));
    const text =
      kind === 'csv'
        ? Papa.unparse({ fields: result.column_names, data: rows }, { newline: '\r\n' })
        : [result.column_names, ...rows]
            .map((r) => r.map((c) => c.replace(/[\t\n\r]/g, ' ')).join('\t'))
            .join('\n');
    const extension = kind === 'csv' ? 'csv' : 'tsv';
    return reply
      .type('text/plain; charset=utf-8')
      .header('content-disposition', `inline; filename=query_result.${extension}`)
      .send(kind === 'csv' ? `${text}\r\n` : text);
  });
}

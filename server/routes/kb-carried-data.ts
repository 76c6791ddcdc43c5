import { objectNamePattern } from '../../protocol/api/files';
import type { AppDeps } from './app-deps';
import { statementKind } from '../sql/statement-kind';
import { fetchUrlText } from '../services/knowledge-bases/url-text';
import { ValidationError } from '../errors';
import { HttpProblem } from '../http/problem';

/** What a KB's REST body may carry to insert besides its settings (MindsDB 26's PUT reads all four). */
export interface CarriedData {
  rows?: Record<string, unknown>[];
  query?: string;
  files?: string[];
  urls?: string[];
}

// MindsDB's titles and words for what a KB body carries that cannot be inserted.
const INVALID_QUERY = 'Invalid SELECT query';
const QUERY_FAILED = 'Executing "query" failed. Needs to be a valid SELECT statement that returns data';
const PREPROCESSING = 'Preprocessing Error';

/** A page that cannot be read is a 400 with MindsDB's title, naming the URL and why. */
async function asPreprocessing<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ValidationError) throw new HttpProblem(400, PREPROCESSING, err.message, err.field);
    throw err;
  }
}

const quoteName = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/**
 * Inserts what a create or update body carries, in MindsDB's order: rows, then each uploaded file named in
 * `files` (as `INSERT INTO kb SELECT * FROM files.name`), then the text of each web page in `urls` as one
 * document (its URL the id; see fetchUrlText), then the rows of `query` (one SELECT). The SELECTs
 * go through the SQL router like a user's own INSERT ... SELECT, so every sandbox and limit applies. A failure
 * is a 400 with MindsDB's title ('Invalid SELECT query' for `query`, else 'Preprocessing Error') naming the
 * field; what was inserted before it stays.
 */
export async function insertCarriedData(
  deps: Pick<AppDeps, 'knowledgeBases' | 'sql'>,
  project: string,
  kb: string,
  data: CarriedData,
): Promise<void> {
  if (data.rows?.length) await deps.knowledgeBases.insertRows(project, kb, data.rows);
  for (const [i, file] of (data.files ?? []).entries()) {
    if (!objectNamePattern.test(file)) {
      throw new HttpProblem(
        400,
        'Bad Request',
        `'${file}' is not the name of an uploaded file`,
        `files.${i}`,
      );
    }
    await insertSelect(deps, project, kb, `SELECT * FROM files.${quoteName(file)}`, `files.${i}`);
  }
  if (data.urls?.length) {
    const { id_column, content_columns } = await deps.knowledgeBases.get(project, kb);
    for (const [i, url] of data.urls.entries()) {
      const text = await asPreprocessing(() => fetchUrlText(url, `urls.${i}`));
      if (!text) throw new HttpProblem(400, PREPROCESSING, `${url} has no text to insert`, `urls.${i}`);
      const row = { [id_column]: url, [content_columns[0] ?? 'content']: text };
      await deps.knowledgeBases.insertRows(project, kb, [row]);
    }
  }
  if (data.query !== undefined) {
    await insertSelect(deps, project, kb, readSelect(data.query), 'query');
  }
}

/** The query's text when it is exactly one SELECT; anything else is refused before it runs. */
function readSelect(query: string): string {
  const read = statementKind(query);
  if ('syntaxError' in read)
    throw new HttpProblem(400, INVALID_QUERY, `${QUERY_FAILED}: ${read.syntaxError}`, 'query');
  if (read.kind !== 'select') {
    throw new HttpProblem(400, INVALID_QUERY, `${QUERY_FAILED}: it is not one SELECT`, 'query');
  }
  return query.trim().replace(/;\s*$/, '');
}

async function insertSelect(
  deps: Pick<AppDeps, 'sql'>,
  project: string,
  kb: string,
  select: string,
  field: string,
): Promise<void> {
  const result = await deps.sql.execute(`INSERT INTO ${quoteName(project)}.${quoteName(kb)} ${select}`, {
    db: project,
    show_secrets: false,
  });
  if (result.type !== 'error') return;
  if (field === 'query') {
    throw new HttpProblem(400, INVALID_QUERY, `${QUERY_FAILED}: ${result.error_message}`, field);
  }
  throw new HttpProblem(400, PREPROCESSING, result.error_message, field);
}

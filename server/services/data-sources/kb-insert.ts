import type { StatementOf } from '../../dialect/ast';
import { NotFoundError, ValidationError } from '../../errors';
import { insertOptionsFromUsing } from '../knowledge-bases/insert-params';
import type { KnowledgeBaseService } from '../knowledge-bases/service';
import { MAX_INSERT_ROWS } from '../sql/kb-handlers';
import { ok, type SqlOutcome, type SqlSession } from '../sql/types';
import type { SourceSelect } from './source-select';

/**
 * `INSERT INTO kb SELECT ... FROM shop.articles`: the SELECT runs on the source (pushed down whole, at most
 * as many rows as any KB insert takes), then the rows are chunked, embedded and stored in batches by the KB's
 * own insert, which reports progress. Answers undefined when the target is not a KB or the SELECT reads no
 * source, so the KB handler (files) and the others keep their statements.
 */
export async function insertIntoKbFromSource(
  s: StatementOf<'insert'>,
  session: SqlSession,
  deps: { select: SourceSelect; knowledgeBases: KnowledgeBaseService },
  signal?: AbortSignal,
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
  const options = { ...insertOptionsFromUsing(s.params), signal };
  const result = await deps.select.run({ kind: 'select', sql: s.selectSql }, session, {
    maxRows: MAX_INSERT_ROWS,
  });
  if (!result) return undefined;
  if (result.type !== 'table') throw new ValidationError('INSERT ... SELECT needs a query that returns rows');
  const columns = s.columns ?? result.column_names;
  if (columns.length !== result.column_names.length) {
    throw new ValidationError(
      `The query returns ${result.column_names.length} columns for ${columns.length} names`,
    );
  }
  const rows = result.data.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])));
  const inserted = await kbs.insertRows(project, name, rows, options);
  return ok(inserted.rows);
}

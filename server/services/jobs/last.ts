import type { JsonValue } from '../../engines/duckdb';
import { parseStatement } from '../../dialect/parser';
import { tokenize, type Token } from '../../dialect/tokenizer';
import { ValidationError } from '../../errors';

/**
 * MindsDB's `LAST` in a job's statement: `... WHERE id > LAST` reads only rows added since the previous run of
 * that statement. As MindsDB documents it, the first run reads nothing and notes the greatest `id` there is;
 * each later run reads the rows past the value noted, and notes the new greatest.
 *
 * A run first asks for the greatest value now (`max`), then reads `id > noted AND id <= max`: a row added
 * while the statement runs is left for the next run rather than skipped or read twice.
 */
export interface LastUse {
  /** The compared column as written (`id`, `t.id`), and the name it has in the SELECT's output. */
  column: string;
  outputName: string;
  /** Character range of `column > LAST` in the statement. */
  from: number;
  to: number;
  inclusive: boolean;
  /** Where the SELECT starts in the statement (after `INSERT INTO target` for an insert). */
  selectStart: number;
}

const isName = (t: Token | undefined) => t?.kind === 'ident' || t?.kind === 'quoted_ident';

/**
 * Finds `column > LAST` (or `>=`) in a job's statement; undefined when it has no LAST. Any other use of LAST is
 * refused, so that a mistake shows at CREATE JOB rather than as a failed run.
 */
export function findLast(sql: string): LastUse | undefined {
  const tokens = tokenize(sql);
  const uses = tokens
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => t.kind === 'ident' && t.value.toLowerCase() === 'last');
  if (uses.length === 0) return undefined;
  if (uses.length > 1) throw new ValidationError('A job statement may use LAST once');
  const { i } = uses[0];
  const op = tokens[i - 1];
  if (op?.kind !== 'op' || (op.value !== '>' && op.value !== '>='))
    throw new ValidationError(
      `LAST is compared with a column as 'column > LAST' (line ${tokens[i].line}, column ${tokens[i].column})`,
    );
  let first = i - 2;
  if (!isName(tokens[first])) throw new ValidationError("LAST is compared with a column: 'id > LAST'");
  while (tokens[first - 1]?.value === '.' && tokens[first - 1].kind === 'op' && isName(tokens[first - 2]))
    first -= 2;
  const statement = parseStatement(sql);
  let selectStart = 0;
  if (statement.kind === 'insert' && statement.selectSql) {
    selectStart = sql.replace(/;\s*$/, '').length - statement.selectSql.length;
  } else if (statement.kind !== 'select') {
    throw new ValidationError('LAST can be used in a SELECT or an INSERT ... SELECT');
  }
  const last = tokens[i];
  const columnToken = tokens[i - 2];
  return {
    column: sql.slice(tokens[first].offset, columnToken.offset + columnToken.text.length),
    outputName: columnToken.kind === 'quoted_ident' ? columnToken.text : columnToken.value,
    from: tokens[first].offset,
    to: last.offset + last.text.length,
    inclusive: op.value === '>=',
    selectStart,
  };
}

/** The statement with its `column > LAST` replaced by `condition`. */
export function withCondition(sql: string, use: LastUse, condition: string): string {
  return `${sql.slice(0, use.from)}(${condition})${sql.slice(use.to)}`;
}

/** The query for the greatest value of the column among the rows the SELECT reads, LAST aside. */
export function maxQuery(sql: string, use: LastUse): string {
  const select = withCondition(sql, use, 'TRUE').slice(use.selectStart);
  return `SELECT MAX(${use.outputName}) AS last_value FROM (${select}) AS last_source`;
}

/** A value the engine gave back, written as a SQL literal. */
export function literal(value: JsonValue): string {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

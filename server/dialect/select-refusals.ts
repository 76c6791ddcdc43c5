import { isOpToken, wordOf } from './select-list';
import type { TokenEdits } from './token-edits';
import { SqlSyntaxError, type Token } from './tokenizer';

const isName = (t: Token | undefined) => t?.kind === 'ident' || t?.kind === 'quoted_ident';

/**
 * Forms of MindsDB's SELECT (its parser reads them) that ask for what this server does not do. Each is refused
 * with what is not supported and why, at its place, rather than left to fail in the engine as a syntax error:
 * - a table named by four parts or more (`integration.database.schema.table`): a data source here is one
 *   database, whose tables are `source.table` or `source.schema.table`;
 * - Oracle's outer-join marker `(+)`;
 * - `SELECT ... USING key = value`: parameters of a model's predictions (a join with a model), and no model is
 *   served here. (A join's `USING (column)` is not this; an `INSERT INTO kb SELECT ... USING` has its own.)
 * The text of a native query is the source's own and is not looked at.
 */
export function refuseUnservedSelectForms(edits: TokenEdits): void {
  const { tokens } = edits;
  let depth = 0;
  tokens.forEach((t, i) => {
    if (edits.isNative(i)) return;
    if (isOpToken(t, '(')) depth++;
    else if (isOpToken(t, ')')) depth--;
    const w = wordOf(t);
    if ((w === 'from' || w === 'join') && isName(tokens[i + 1])) refuseLongName(tokens, i + 1);
    if (isOpToken(t, '(') && isOpToken(tokens[i + 1], '+') && isOpToken(tokens[i + 2], ')')) {
      refuse(
        "Oracle's outer-join marker (+) is not supported: write the join as LEFT JOIN t ON condition",
        t,
      );
    }
    if (w === 'using' && depth === 0 && isName(tokens[i + 1]) && isOpToken(tokens[i + 2], '=')) {
      refuse(
        'SELECT ... USING key = value passes parameters to a model, and this server serves no models: ' +
          'leave out USING (a join names its columns in brackets, JOIN t USING (column))',
        t,
      );
    }
  });
}

function refuseLongName(tokens: readonly Token[], first: number): void {
  let last = first;
  while (isOpToken(tokens[last + 1], '.') && isName(tokens[last + 2])) last += 2;
  const parts = (last - first) / 2 + 1;
  if (parts <= 3) return;
  const name = tokens
    .slice(first, last + 1)
    .map((t) => t.text)
    .join('');
  refuse(
    `A table is named by at most three parts here (source.schema.table), and ${name} has ${parts}: ` +
      'a data source is connected to one database, so its tables need no database part',
    tokens[first],
  );
}

function refuse(message: string, at: Token): never {
  throw new SqlSyntaxError(message, at.line, at.column);
}

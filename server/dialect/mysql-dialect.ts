import { nameRewrittenItems, writeSelectAliases } from './mysql-aliases';
import { writeConversions } from './mysql-casts';
import { writeMysqlClauses } from './mysql-clauses';
import { writeLimitOffset } from './mysql-limit';
import { writeReservedNames } from './mysql-names';
import { writeBitwiseXor } from './mysql-operators';
import { refuseUnservedSelectForms } from './select-refusals';
import { refuseUnsetParameters, writeSessionValues, type SessionValues } from './session-values';
import { TokenEdits } from './token-edits';
import { openingBracket } from './token-spans';
import { tokenize, type Token } from './tokenizer';

/** Words after which a double-quoted name is a table (`FROM "t"`), not text. */
const TABLE_POSITION = new Set(['from', 'join', 'into', 'update', 'table', 'as']);

/** Words that end an ORDER BY or GROUP BY list. */
const BY_LIST_END = new Set([
  'limit',
  'offset',
  'having',
  'where',
  'from',
  'select',
  'union',
  'window',
  'qualify',
  'fetch',
]);

const isDoubleQuoted = (t: Token | undefined) => t?.kind === 'string' && t.text.startsWith('"');
const isDot = (t: Token | undefined) => t?.kind === 'op' && t.value === '.';
const word = (t: Token | undefined) => (t?.kind === 'ident' ? t.value.toLowerCase() : '');
// Backslashes doubled: the text is read once more with MySQL's escapes before it reaches the engine.
const quoteText = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Rewrites a SELECT from MySQL's reading (MindsDB's dialect) to the engine's:
 * - `"text"` is a string in MySQL, but a name in the engine: it becomes `'text'`, except where a name is
 *   meant (a table after FROM/JOIN, a part of a dotted name `"files"."x"`, an alias after AS, an item of
 *   ORDER BY or GROUP BY);
 * - select items' aliases as MySQL reads them (mysql-aliases.ts);
 * - `LIMIT offset, count`, `a ^ b` (XOR), `CONVERT(x USING cs)` and MySQL's cast types, and words the engine
 *   reserves used as names (mysql-limit.ts, mysql-operators.ts, mysql-casts.ts, mysql-names.ts);
 * - MySQL's clauses the engine writes otherwise: locks, FETCH FIRST, WITH ROLLUP, a JOIN without ON, `a IS b`
 *   (mysql-clauses.ts).
 * - with the session's `values`, MySQL's variables and session functions become their values
 *   (session-values.ts), and a parameter marker left without a value is refused.
 * Forms that ask for what this server does not do are refused, saying so (select-refusals.ts).
 * Only token boundaries are touched, so the text between them (and every position in it) is unchanged in
 * meaning.
 */
export function toMysqlReading(sql: string, values?: SessionValues): string {
  const edits = new TokenEdits(sql, tokenize(sql));
  refuseUnservedSelectForms(edits);
  if (values) {
    refuseUnsetParameters(edits);
    writeSessionValues(edits, values, quoteText);
  }
  writeSelectAliases(edits, quoteText);
  writeDoubleQuotedStrings(edits);
  writeLimitOffset(edits);
  writeMysqlClauses(edits);
  writeBitwiseXor(edits);
  writeConversions(edits);
  nameRewrittenItems(edits);
  // Last: a quoted `column` is named `column` by the engine too, so it needs no alias of its written text.
  writeReservedNames(edits);
  return edits.apply();
}

const isName = (t: Token | undefined) => t?.kind === 'ident' || t?.kind === 'quoted_ident';
const JOINING = new Set(['from', 'join']);

/**
 * Does the token at `i` come right after a table reference of FROM or JOIN (`FROM db.t "x"`, `JOIN (SELECT
 * ...) "x"`, `FROM f(1) "x"`)? There a double-quoted word is the reference's alias, as MindsDB reads it.
 */
function followsTableReference(tokens: readonly Token[], i: number): boolean {
  let first = i - 1;
  if (tokens[first]?.kind === 'op' && tokens[first].value === ')') {
    first = openingBracket(tokens, first);
    if (first === -1) return false;
    if (JOINING.has(word(tokens[first - 1]))) return true;
    first--;
  }
  if (!isName(tokens[first]) || JOINING.has(word(tokens[first]))) return false;
  while (isDot(tokens[first - 1]) && isName(tokens[first - 2])) first -= 2;
  return JOINING.has(word(tokens[first - 1]));
}

function writeDoubleQuotedStrings(edits: TokenEdits): void {
  const { tokens } = edits;
  let inByList = false;
  tokens.forEach((t, i) => {
    const prev = tokens[i - 1];
    if (word(t) === 'by') inByList = true;
    else if (BY_LIST_END.has(word(t)) || (t.kind === 'op' && (t.value === ')' || t.value === ';')))
      inByList = false;
    if (!isDoubleQuoted(t) || edits.isReplaced(i)) return;
    const next = tokens[i + 1];
    // ORDER BY / GROUP BY "x": a constant string there means nothing (the engine refuses it), a column does.
    const byItem = inByList && (word(prev) === 'by' || (prev?.kind === 'op' && prev.value === ','));
    if (isDot(prev) || isDot(next) || TABLE_POSITION.has(word(prev)) || byItem) {
      edits.replace(i, quoteName(t.value));
    } else if (followsTableReference(tokens, i)) {
      edits.replace(i, `AS ${quoteName(t.value)}`);
    } else {
      edits.replace(i, quoteText(t.value));
    }
  });
}

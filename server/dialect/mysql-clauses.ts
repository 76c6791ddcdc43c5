import { isOpToken, wordOf } from './select-list';
import { closingBracket } from './token-spans';
import type { TokenEdits } from './token-edits';
import type { Token } from './tokenizer';

/**
 * Clauses of MySQL's SELECT (and of MindsDB's, which reads them) that the engine writes otherwise:
 * - `... FOR UPDATE | FOR SHARE [OF t] [NOWAIT | SKIP LOCKED]` and `LOCK IN SHARE MODE`: row locks for a
 *   transaction; each statement here is applied when it runs (transactions are accepted and do nothing), so the
 *   lock has nothing to hold and is dropped;
 * - `FETCH FIRST | NEXT [n] ROW[S] ONLY` is `LIMIT n` (and `OFFSET n ROW[S]` is `OFFSET n`);
 * - `GROUP BY a, b WITH ROLLUP` is `GROUP BY ROLLUP (a, b)`;
 * - `[INNER] JOIN t` with no ON or USING is a cross join, as in MySQL;
 * - `LEFT ASOF JOIN` is written `ASOF LEFT JOIN`;
 * - `a IS b` and `a IS NOT b`, where b is not NULL, TRUE, FALSE or UNKNOWN, compare two values as `<=>`
 *   does: `a IS NOT DISTINCT FROM b`, `a IS DISTINCT FROM b`.
 */
export function writeMysqlClauses(edits: TokenEdits): void {
  const { tokens } = edits;
  for (let i = 0; i < tokens.length; i++) {
    const w = wordOf(tokens[i]);
    if (w === 'for' && ['update', 'share'].includes(wordOf(tokens[i + 1]))) i = dropLock(edits, i);
    else if (w === 'lock' && wordOf(tokens[i + 1]) === 'in' && wordOf(tokens[i + 2]) === 'share')
      i = dropLock(edits, i);
    else if (w === 'fetch') writeFetch(edits, i);
    else if (w === 'offset') writeOffsetRows(edits, i);
    else if (w === 'with' && wordOf(tokens[i + 1]) === 'rollup') writeRollup(edits, i);
    else if (w === 'join') writeJoin(edits, i);
    else if (w === 'is') writeIsComparison(edits, i);
  }
}

/** Drops a locking clause starting at `first`; the index of its last token. */
function dropLock(edits: TokenEdits, first: number): number {
  const { tokens } = edits;
  let last = first + (wordOf(tokens[first]) === 'lock' ? 4 : 1);
  if (wordOf(tokens[last + 1]) === 'of') {
    last += 2;
    while (isOpToken(tokens[last + 1], ',') || isOpToken(tokens[last + 1], '.')) last += 2;
  }
  if (wordOf(tokens[last + 1]) === 'nowait') last += 1;
  else if (wordOf(tokens[last + 1]) === 'skip' && wordOf(tokens[last + 2]) === 'locked') last += 2;
  edits.replaceRange(first, last, '');
  return last;
}

function writeFetch(edits: TokenEdits, at: number): void {
  const { tokens } = edits;
  if (!['first', 'next'].includes(wordOf(tokens[at + 1]))) return;
  const counted = tokens[at + 2]?.kind === 'number';
  const rows = at + (counted ? 3 : 2);
  if (!['row', 'rows'].includes(wordOf(tokens[rows])) || wordOf(tokens[rows + 1]) !== 'only') return;
  edits.replaceRange(at, rows + 1, `LIMIT ${counted ? tokens[at + 2].text : '1'}`);
}

function writeOffsetRows(edits: TokenEdits, at: number): void {
  const { tokens } = edits;
  if (tokens[at + 1]?.kind === 'number' && ['row', 'rows'].includes(wordOf(tokens[at + 2])))
    edits.replace(at + 2, '');
}

/** `GROUP BY list WITH ROLLUP`, `with` at `at`: the list is wrapped in ROLLUP ( ... ). */
function writeRollup(edits: TokenEdits, at: number): void {
  const { tokens } = edits;
  let depth = 0;
  for (let i = at - 1; i > 0; i--) {
    if (isOpToken(tokens[i], ')')) depth++;
    else if (isOpToken(tokens[i], '(')) depth--;
    if (depth < 0) return;
    if (depth === 0 && wordOf(tokens[i]) === 'by' && wordOf(tokens[i - 1]) === 'group') {
      edits.insertAfter(i, ' ROLLUP (');
      edits.replaceRange(at, at + 1, ')');
      return;
    }
  }
}

/** Words that follow a table reference: never its alias. */
const AFTER_TABLE = new Set([
  'on',
  'using',
  'where',
  'group',
  'having',
  'order',
  'limit',
  'offset',
  'fetch',
  'for',
  'lock',
  'union',
  'except',
  'intersect',
  'window',
  'qualify',
  'join',
  'inner',
  'left',
  'right',
  'full',
  'outer',
  'cross',
  'natural',
  'asof',
  'semi',
  'anti',
  'positional',
]);

const isName = (t: Token | undefined) => t?.kind === 'ident' || t?.kind === 'quoted_ident';

/** `JOIN` at `at`: a plain join without ON or USING becomes a CROSS JOIN; `LEFT ASOF JOIN` an `ASOF LEFT JOIN`. */
function writeJoin(edits: TokenEdits, at: number): void {
  const { tokens } = edits;
  const before = wordOf(tokens[at - 1]);
  if (before === 'asof' && ['left', 'right', 'inner', 'full'].includes(wordOf(tokens[at - 2]))) {
    edits.replace(at - 2, tokens[at - 1].text);
    edits.replace(at - 1, tokens[at - 2].text);
    return;
  }
  if (before !== '' && before !== 'inner' && AFTER_TABLE.has(before)) return;
  const end = tableReferenceEnd(tokens, at + 1);
  if (end === -1) return;
  const next = wordOf(tokens[end + 1]);
  if (next === 'on' || next === 'using') return;
  if (before === 'inner') edits.replace(at - 1, '');
  edits.replace(at, 'CROSS JOIN');
}

/** The last token of a table reference starting at `first` (a name, a call or a subquery, and its alias), or -1. */
function tableReferenceEnd(tokens: readonly Token[], first: number): number {
  let last: number;
  if (wordOf(tokens[first]) === 'lateral') return -1;
  if (isOpToken(tokens[first], '(')) last = closingBracket(tokens, first);
  else if (isName(tokens[first])) {
    last = first;
    while (isOpToken(tokens[last + 1], '.') && isName(tokens[last + 2])) last += 2;
    if (isOpToken(tokens[last + 1], '(')) last = closingBracket(tokens, last + 1);
  } else return -1;
  if (last === -1) return -1;
  if (wordOf(tokens[last + 1]) === 'as') return isName(tokens[last + 2]) ? last + 2 : -1;
  const alias = tokens[last + 1];
  const doubleQuoted = alias?.kind === 'string' && alias.text.startsWith('"');
  if (
    alias?.kind === 'quoted_ident' ||
    doubleQuoted ||
    (alias?.kind === 'ident' && !AFTER_TABLE.has(wordOf(alias)))
  )
    return last + 1;
  return last;
}

/** What `IS [NOT]` may be followed by in the engine's reading as in MySQL's. */
const IS_OPERANDS = new Set(['null', 'true', 'false', 'unknown', 'distinct', 'json']);

function writeIsComparison(edits: TokenEdits, at: number): void {
  const { tokens } = edits;
  const negated = wordOf(tokens[at + 1]) === 'not';
  const operand = tokens[at + (negated ? 2 : 1)];
  if (!operand || operand.kind === 'eof' || IS_OPERANDS.has(wordOf(operand))) return;
  if (operand.kind === 'op' && !isOpToken(operand, '(') && !isOpToken(operand, '-')) return;
  if (negated) edits.replace(at + 1, 'DISTINCT FROM');
  else edits.replace(at, 'IS NOT DISTINCT FROM');
}

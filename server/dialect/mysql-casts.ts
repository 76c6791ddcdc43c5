import { isOpToken, wordOf } from './select-list';
import { closingBracket } from './token-spans';
import type { TokenEdits } from './token-edits';

/** MySQL's cast types that the engine names otherwise. */
const CAST_TYPES: Record<string, string> = {
  signed: 'BIGINT',
  unsigned: 'UBIGINT',
  datetime: 'TIMESTAMP',
  nchar: 'VARCHAR',
  binary: 'BLOB',
};

/**
 * MySQL's conversions in the engine's words:
 * - `CONVERT(x USING utf8mb4)` (a change of character set: the engine's text has one) is `CAST(x AS VARCHAR)`;
 * - `CONVERT(x, type)` is `CAST(x AS type)`;
 * - the types only MySQL names (`SIGNED [INTEGER]`, `UNSIGNED`, `DATETIME`, `NCHAR`, `BINARY`) get the
 *   engine's names, in CAST and CONVERT alike.
 */
export function writeConversions(edits: TokenEdits): void {
  const { tokens } = edits;
  tokens.forEach((t, i) => {
    const fn = wordOf(t);
    if ((fn !== 'convert' && fn !== 'cast') || !isOpToken(tokens[i + 1], '(')) return;
    const close = closingBracket(tokens, i + 1);
    if (close === -1) return;
    let depth = 0;
    for (let k = i + 2; k < close; k++) {
      if (isOpToken(tokens[k], '(')) depth++;
      else if (isOpToken(tokens[k], ')')) depth--;
      if (depth !== 0) continue;
      const word = wordOf(tokens[k]);
      if (fn === 'convert' && word === 'using' && k + 2 === close) {
        edits.replace(i, 'CAST');
        edits.replace(k, 'AS');
        edits.replace(k + 1, 'VARCHAR');
        return;
      }
      if ((fn === 'convert' && isOpToken(tokens[k], ',')) || (fn === 'cast' && word === 'as')) {
        if (fn === 'convert') {
          edits.replace(i, 'CAST');
          edits.replace(k, ' AS');
        }
        writeCastType(edits, k + 1, close);
        return;
      }
    }
  });
}

function writeCastType(edits: TokenEdits, first: number, close: number): void {
  const { tokens } = edits;
  const type = CAST_TYPES[wordOf(tokens[first])];
  if (!type) return;
  edits.replace(first, type);
  // SIGNED INTEGER / UNSIGNED INT: the second word is part of MySQL's name.
  if (first + 1 < close && ['integer', 'int'].includes(wordOf(tokens[first + 1])))
    edits.replace(first + 1, '');
}

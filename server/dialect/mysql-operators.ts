import { isOpToken } from './select-list';
import { operandEnd, operandStart } from './token-spans';
import type { TokenEdits } from './token-edits';

/**
 * MySQL's `a ^ b` is a bitwise XOR; the engine reads `^` as a power. Each chain `a ^ b ^ c` becomes
 * `xor(xor(a, b), c)`. `^` binds tighter than any other binary operator in MySQL, so its operands are the
 * primaries beside it (a name, a literal, a call, a bracketed expression). The other bitwise operators
 * (`& | ~ << >>`) mean the same in both.
 */
export function writeBitwiseXor(edits: TokenEdits): void {
  const { tokens } = edits;
  for (let i = 0; i < tokens.length; i++) {
    if (!isOpToken(tokens[i], '^')) continue;
    const first = operandStart(tokens, i - 1);
    if (first === -1) continue;
    const ends: number[] = [];
    let at = i;
    while (isOpToken(tokens[at], '^')) {
      const end = operandEnd(tokens, at + 1);
      if (end === -1) break;
      edits.replace(at, ',');
      ends.push(end);
      at = end + 1;
    }
    if (ends.length === 0) continue;
    edits.insertBefore(first, 'xor('.repeat(ends.length));
    for (const end of ends) edits.insertAfter(end, ')');
    i = at - 1;
  }
}

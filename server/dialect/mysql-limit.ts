import { isOpToken, wordOf } from './select-list';
import type { TokenEdits } from './token-edits';

/** MySQL's `LIMIT offset, count` is the engine's `LIMIT count OFFSET offset`. */
export function writeLimitOffset(edits: TokenEdits): void {
  const { tokens } = edits;
  tokens.forEach((t, i) => {
    if (wordOf(t) !== 'limit' || !isOpToken(tokens[i + 2], ',')) return;
    const offset = tokens[i + 1];
    const count = tokens[i + 3];
    if (offset?.kind !== 'number' || count?.kind !== 'number') return;
    edits.replace(i + 1, count.text);
    edits.replace(i + 2, ' OFFSET');
    edits.replace(i + 3, offset.text);
  });
}

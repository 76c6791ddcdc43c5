import { significantTokens } from '../../../lib/sql/lexer';

export interface DestructiveAction {
  verb: 'DROP' | 'DELETE' | 'TRUNCATE';
  /** True for a DELETE without WHERE: it empties the whole table or knowledge base. */
  everyRow: boolean;
}

const VERBS = new Set(['DROP', 'DELETE', 'TRUNCATE']);

/**
 * Whether a statement destroys data and should be confirmed first. Looks at tokens, so a `drop` inside a
 * string, a quoted name or a comment does not count.
 */
export function destructiveAction(statement: string): DestructiveAction | null {
  const tokens = significantTokens(statement);
  const first = tokens[0];
  if (!first || first.kind !== 'word') return null;
  const verb = first.text.toUpperCase();
  if (!VERBS.has(verb)) return null;
  const everyRow =
    verb === 'DELETE' && !tokens.some((t) => t.kind === 'word' && t.text.toUpperCase() === 'WHERE');
  return { verb: verb as DestructiveAction['verb'], everyRow };
}

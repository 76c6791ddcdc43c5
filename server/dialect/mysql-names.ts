import type { TokenEdits } from './token-edits';

/**
 * Words the engine reserves but MySQL (and MindsDB) let a name be, unquoted: `SELECT column FROM t`. None of
 * them is a word of MySQL's SELECT, so wherever one stands in a query it is a name, and it is quoted for the
 * engine.
 */
const NAMES_THE_ENGINE_RESERVES = new Set([
  'column',
  'asymmetric',
  'deferrable',
  'do',
  'initially',
  'lambda',
  'only',
  'pivot',
  'pivot_longer',
  'pivot_wider',
  'placing',
  'returning',
  'summarize',
  'symmetric',
  'unpivot',
  'variadic',
]);

export function writeReservedNames(edits: TokenEdits): void {
  edits.tokens.forEach((t, i) => {
    if (!edits.isReplaced(i) && t.kind === 'ident' && NAMES_THE_ENGINE_RESERVES.has(t.value.toLowerCase()))
      edits.replace(i, `"${t.value}"`);
  });
}

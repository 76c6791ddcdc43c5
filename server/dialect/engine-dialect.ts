import { tokenize } from './tokenizer';

/**
 * Our dialect quotes names with backticks; the engine uses double quotes. Our strings read backslash escapes
 * (`'it\\'s'`); the engine's do not, so a string written with one is rewritten in the engine's form. Otherwise
 * `'a\\' OR 1=1 --'`, one string to our parser, would be a string and a condition to the engine. MySQL's
 * null-safe equality `a <=> b` is the engine's `a IS NOT DISTINCT FROM b`.
 */
export function toEngineDialect(sql: string): string {
  let out = '';
  let last = 0;
  for (const t of tokenize(sql)) {
    let text: string;
    if (t.kind === 'quoted_ident') text = `"${t.value.replace(/"/g, '""')}"`;
    else if (t.kind === 'string' && t.text.startsWith("'") && t.text.includes('\\'))
      text = `'${t.value.replace(/'/g, "''")}'`;
    else if (t.kind === 'op' && t.value === '<=>') text = 'IS NOT DISTINCT FROM';
    else continue;
    out += sql.slice(last, t.offset) + text;
    last = t.offset + t.text.length;
  }
  return out + sql.slice(last);
}

export function lineColumn(sql: string, offset: number): { line: number; column: number } {
  const before = sql.slice(0, Math.max(0, Math.min(offset, sql.length)));
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

/**
 * The SQL text the console writes itself: names, string literals and the table name proposed for a file. One
 * place, so every statement the console builds quotes the same way (the dialect is MindsDB's MySQL flavour).
 */

const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A name as SQL text: plain names stay bare, others are backquoted with `` ` `` doubled. */
export function quoteName(name: string): string {
  return PLAIN_NAME.test(name) ? name : `\`${name.replace(/`/g, '``')}\``;
}

/** A dotted name, each part quoted on its own: `files`.`My Data` → files.`My Data`. */
export const qualifiedName = (...parts: string[]) => parts.map(quoteName).join('.');

/**
 * A string literal. The dialect reads backslash escapes inside strings, so a backslash is doubled as well as
 * the quote: otherwise `it\'s` typed by a user would end the string early.
 */
export function sqlString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The table name proposed for an uploaded file: `Sales Q3 (final).csv` → `sales_q3_final`. Lower case, letters,
 * digits and `_`, starting with a letter (`t_` is put before a leading digit), at most 63 characters.
 */
export function tableNameFromFile(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, '').toLowerCase();
  const cleaned = base.replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  const name = /^[a-z_]/.test(cleaned) ? cleaned : `t_${cleaned}`;
  return name.slice(0, 63) || 'upload';
}

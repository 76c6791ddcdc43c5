const PLAIN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A name as SQL text: plain names stay bare, others are backquoted (the dialect's quotes), `` ` `` doubled. */
export function quoteIdentifier(name: string): string {
  return PLAIN.test(name) ? name : `\`${name.replace(/`/g, '``')}\``;
}

import { identifierName, significantTokens, type Token } from './lexer';

/** A table (or knowledge base, or agent) a statement reads, as written: `db.table AS alias`. */
export interface TableRef {
  db?: string;
  /** A data source's schema, written as `db.schema.table` (PostgreSQL). */
  schema?: string;
  table: string;
  alias?: string;
}

const INTRODUCERS = new Set(['FROM', 'JOIN', 'INTO', 'UPDATE']);
/** Words that may follow a table name and are therefore not its alias. */
const NOT_ALIAS = new Set([
  'WHERE', 'JOIN', 'INNER', 'LEFT', 'RIGHT', 'FULL', 'OUTER', 'CROSS', 'NATURAL', 'ON', 'USING', 'GROUP',
  'ORDER', 'LIMIT', 'OFFSET', 'HAVING', 'UNION', 'EXCEPT', 'INTERSECT', 'WINDOW', 'QUALIFY', 'SET',
  'VALUES', 'SELECT', 'AS', 'WITH', 'FETCH', 'FOR', 'LATERAL',
]); // prettier-ignore

const isName = (t: Token | undefined): t is Token =>
  !!t && (t.kind === 'word' || t.kind === 'backquoted' || t.kind === 'double-quoted');

/** Reads `a.b.c` starting at tokens[i]; returns the parts and the index after them. */
function readDotted(tokens: Token[], i: number): [string[], number] {
  const parts: string[] = [];
  let j = i;
  while (isName(tokens[j])) {
    parts.push(identifierName(tokens[j]));
    if (tokens[j + 1]?.text !== '.') return [parts, j + 1];
    j += 2;
  }
  return [parts, j];
}

function readAlias(tokens: Token[], i: number): [string | undefined, number] {
  let j = i;
  if (tokens[j]?.kind === 'word' && tokens[j].text.toUpperCase() === 'AS') j++;
  const t = tokens[j];
  if (isName(t) && !(t.kind === 'word' && NOT_ALIAS.has(t.text.toUpperCase()))) {
    return [identifierName(t), j + 1];
  }
  return [undefined, i];
}

/** Reads `name [AS alias] [, name [AS alias]]...` after FROM and friends. */
function readTableList(tokens: Token[], start: number, out: TableRef[]): void {
  let i = start;
  for (;;) {
    const [parts, next] = readDotted(tokens, i);
    if (parts.length === 0) return; // a subquery or something else: not a table name
    const [alias, afterAlias] = readAlias(tokens, next);
    const table = parts[parts.length - 1];
    const db =
      parts.length > 2 ? parts[parts.length - 3] : parts.length > 1 ? parts[parts.length - 2] : undefined;
    const schema = parts.length > 2 ? parts[parts.length - 2] : undefined;
    out.push({ table, ...(db ? { db } : {}), ...(schema ? { schema } : {}), ...(alias ? { alias } : {}) });
    if (tokens[afterAlias]?.text !== ',') return;
    i = afterAlias + 1;
  }
}

/** The tables a statement reads or writes, for column completion. Best effort: never throws. */
export function referencedTables(statement: string): TableRef[] {
  const tokens = significantTokens(statement);
  const out: TableRef[] = [];
  tokens.forEach((t, i) => {
    if (t.kind === 'word' && INTRODUCERS.has(t.text.toUpperCase())) readTableList(tokens, i + 1, out);
  });
  return out;
}

import type { Expr, QualifiedName, ShowFilter, ShowTopic, Statement } from './ast';
import { parseExpr } from './expressions';
import type { TokenStream } from './token-stream';
import type { Token } from './tokenizer';

/**
 * SHOW in MindsDB's grammar, called after SHOW:
 *
 *   SHOW [FULL | EXTENDED]... category [FROM name]... [IN name]... [LIKE 'pattern'] [WHERE condition]
 *
 * Every listing takes the LIKE (on its first column) and the WHERE (on its columns); see ShowFilter. The
 * categories are MindsDB's (projects, databases, tables, knowledge bases, agents, jobs, views, models, ml
 * engines, handlers, chatbots, skills, triggers, integrations) and MySQL's (variables, status, columns, index,
 * table status, create table, processlist, ...). A category this server keeps no listing of (binary logs,
 * replica status, privileges) is read too, and answered with an error that says so.
 */
export function parseShow(ts: TokenStream): Statement {
  ts.expectKeyword('show');
  let full = false;
  while (ts.isKeyword('full') || ts.isKeyword('extended'))
    full = ts.next().value.toLowerCase() === 'full' || full;
  const start = ts.peek();
  const statement = readCategory(ts, full, start);
  if (!statement)
    return ts.fail('expected what to show, such as DATABASES, TABLES, KNOWLEDGE_BASES or AGENTS', start);
  return statement;
}

type Listing = Exclude<
  Extract<Statement, { filter?: ShowFilter }>,
  { kind: 'show_columns' | 'show_index' | 'show_create_table' }
>;

function readCategory(ts: TokenStream, full: boolean, start: Token): Statement | undefined {
  const listing = (make: (from: string | undefined) => Listing): Statement => {
    const at = ts.peek();
    const { from, inside, filter } = readTail(ts);
    // MindsDB refuses FROM and IN together too: both name the one database a listing is of.
    if (inside.length > 0 || from.length > 1)
      ts.refuse(
        `SHOW ${categoryText(ts, start, at)} lists one database's objects: name it once, with FROM or IN, ` +
          'not both (FROM and IN cannot be used together)',
        at,
      );
    return { ...make(from[0]?.parts.at(-1)), filter };
  };
  if (ts.acceptKeyword('projects')) return listing(() => ({ kind: 'show_projects' }));
  if (ts.acceptKeyword('knowledge_bases') || ts.acceptKeyword('knowledge', 'bases'))
    return listing((from) => ({ kind: 'show_knowledge_bases', from }));
  if (ts.acceptKeyword('agents')) return listing((from) => ({ kind: 'show_agents', from }));
  if (ts.acceptKeyword('jobs')) return listing((from) => ({ kind: 'show_jobs', from }));
  if (ts.acceptKeyword('databases') || ts.acceptKeyword('schemas'))
    return listing(() => ({ kind: 'show_databases', full }));
  if (ts.acceptKeyword('tables')) return listing((from) => ({ kind: 'show_tables', full, from }));
  if (ts.acceptKeyword('table', 'status')) return listing((from) => ({ kind: 'show_table_status', from }));
  const catalog = CATALOGS.find(([words]) => ts.acceptKeyword(...words));
  if (catalog) return listing((from) => ({ kind: 'show_catalog', catalog: catalog[1], from }));
  if (['columns', 'fields', 'index', 'indexes', 'keys'].some((w) => ts.isKeyword(w))) {
    const columns = ['columns', 'fields'].includes(ts.next().value.toLowerCase());
    return readTableListing(ts, columns ? 'show_columns' : 'show_index', full, start);
  }
  if (ts.acceptKeyword('create', 'table')) {
    if (ts.atEnd())
      ts.refuse(
        "SHOW CREATE TABLE shows one table's definition: name the table (SHOW CREATE TABLE db.table)",
      );
    const table = ts.qualifiedName('a table');
    ts.expectEnd();
    return { kind: 'show_create_table', table };
  }
  const topic = readTopic(ts);
  if (topic) return listing(() => ({ kind: 'show_topic', topic }));
  return readUnkept(ts);
}

/** MindsDB's listings of objects, read from its information_schema; words to their listing. */
const CATALOGS: [
  string[],
  'views' | 'models' | 'ml_engines' | 'handlers' | 'chatbots' | 'skills' | 'triggers' | 'integrations',
][] = [
  [['views'], 'views'],
  [['models'], 'models'],
  [['predictors'], 'models'],
  [['ml_engines'], 'ml_engines'],
  [['handlers'], 'handlers'],
  [['chatbots'], 'chatbots'],
  [['skills'], 'skills'],
  [['triggers'], 'triggers'],
  [['integrations'], 'integrations'],
  [['datasources'], 'integrations'],
];

/** MySQL's listings of constants, with the words that name them (GLOBAL and SESSION name the same). */
const TOPICS: [string[], ShowTopic][] = [
  [['warnings'], 'warnings'],
  [['errors'], 'errors'],
  [['variables'], 'variables'],
  [['status'], 'status'],
  [['engines'], 'engines'],
  [['storage', 'engines'], 'engines'],
  [['charset'], 'charset'],
  [['character', 'set'], 'charset'],
  [['collation'], 'collation'],
  [['function', 'status'], 'function_status'],
  [['procedure', 'status'], 'procedure_status'],
  [['processlist'], 'processlist'],
  [['plugins'], 'plugins'],
  [['open', 'tables'], 'open_tables'],
];

function readTopic(ts: TokenStream): ShowTopic | undefined {
  const scoped = ts.acceptKeyword('global') || ts.acceptKeyword('session');
  const found = TOPICS.find(([words]) => ts.acceptKeyword(...words));
  if (scoped && found?.[1] !== 'variables' && found?.[1] !== 'status')
    return ts.fail('expected VARIABLES or STATUS after GLOBAL or SESSION');
  return found?.[1];
}

/** `SHOW [FULL] COLUMNS | INDEX FROM t [FROM db]` (IN for FROM): the table, qualified by the database given. */
function readTableListing(
  ts: TokenStream,
  kind: 'show_columns' | 'show_index',
  full: boolean,
  start: Token,
): Statement {
  const at = ts.peek();
  const { from, inside, filter } = readTail(ts);
  const names = [...from, ...inside];
  if (names.length === 0) ts.fail('expected FROM and a table');
  if (names.length > 2)
    ts.refuse(
      `SHOW ${categoryText(ts, start, at)} lists one table's ${kind === 'show_columns' ? 'columns' : 'indexes'}: ` +
        'name the table once and its database at most once (FROM table [FROM | IN database])',
      at,
    );
  const [table, db] = names;
  const parts = db ? [...db.parts, ...table.parts] : table.parts;
  const name: QualifiedName = { parts, offset: table.offset };
  return kind === 'show_columns' ? { kind, full, table: name, filter } : { kind, table: name, filter };
}

/** The words of a SHOW's category as written (`FULL TABLES`), for a message. */
function categoryText(ts: TokenStream, start: Token, end: Token): string {
  return ts.source.slice(start.offset, end.offset).trim().replace(/\s+/g, ' ').toUpperCase();
}

/**
 * A listing of a MySQL server's that this server does not keep (`SHOW BINARY LOGS`, `SHOW REPLICA STATUS FOR
 * CHANNEL c`, `SHOW FUNCTION CODE f`, `SHOW ENGINE e STATUS`, `SHOW PRIVILEGES`, ...): one to three words, and
 * the usual tail. Its words name it in the answer.
 */
function readUnkept(ts: TokenStream): Statement | undefined {
  const words: string[] = [];
  while (!ts.atEnd() && words.length < 5 && !['from', 'in', 'like', 'where'].some((w) => ts.isKeyword(w))) {
    const t = ts.peek();
    if (t.kind !== 'ident' && t.kind !== 'quoted_ident') break;
    words.push(ts.next().value);
  }
  if (words.length === 0) return undefined;
  const { filter } = readTail(ts);
  return { kind: 'show_unkept', category: words.join(' '), filter };
}

/** `[FROM name]... [IN name]... [LIKE 'pattern'] [WHERE condition]`, then the end. */
function readTail(ts: TokenStream): {
  from: QualifiedName[];
  inside: QualifiedName[];
  filter?: ShowFilter;
} {
  const from: QualifiedName[] = [];
  const inside: QualifiedName[] = [];
  for (;;) {
    if (ts.acceptKeyword('from')) from.push(ts.qualifiedName('a name'));
    else if (ts.acceptKeyword('in')) inside.push(ts.qualifiedName('a name'));
    else break;
  }
  let like: string | undefined;
  let where: Expr | undefined;
  if (ts.acceptKeyword('like')) {
    const pattern = ts.next();
    if (pattern.kind !== 'string') ts.fail('expected a quoted pattern after LIKE', pattern);
    like = pattern.value;
  }
  if (ts.acceptKeyword('where')) where = parseExpr(ts);
  ts.expectEnd();
  const filter = like === undefined && where === undefined ? undefined : { like, where };
  // FROM and IN both name where to look: either may be written.
  return from.length === 0 ? { from: inside, inside: [], filter } : { from, inside, filter };
}

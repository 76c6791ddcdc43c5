import type { Statement } from './ast';
import type { TokenStream } from './token-stream';

/**
 * MySQL's statements about locks, sessions, users and table upkeep, which dumps and MySQL clients send and
 * MindsDB's parser does not read. Those that only bound work this server applies at once are accepted and do
 * nothing, as transactions are: `LOCK TABLES ...` / `UNLOCK TABLES` (a dump's inserts), `SAVEPOINT s` /
 * `RELEASE SAVEPOINT s`. The others are refused with what is not offered and what serves instead, never a syntax
 * error. Called with the first word next; undefined when the words are none of these.
 */
export function parseMysqlAdmin(ts: TokenStream): Statement | undefined {
  const first = ts.peek();
  const word = first.value.toLowerCase();
  if (ts.acceptKeyword('lock', 'tables') || ts.acceptKeyword('lock', 'table'))
    return skipRest(ts, 'lock_tables');
  if (ts.acceptKeyword('unlock', 'tables') || ts.acceptKeyword('unlock', 'table'))
    return skipRest(ts, 'unlock_tables');
  if (ts.acceptKeyword('savepoint') || ts.acceptKeyword('release', 'savepoint')) {
    ts.identifier('a savepoint');
    ts.expectEnd();
    return { kind: 'mysql_no_op', statement: 'savepoint' };
  }
  const refusal = REFUSALS.find(([words]) => words.includes(word));
  if (!refusal) return undefined;
  return ts.refuse(`${refusal[1]} ${refusal[2]}`, first);
}

function skipRest(ts: TokenStream, statement: 'lock_tables' | 'unlock_tables'): Statement {
  while (!ts.atEnd()) ts.next();
  ts.expectEnd();
  return { kind: 'mysql_no_op', statement };
}

/** First words, what they ask for, and why it is not offered here with what serves instead. */
const REFUSALS: [string[], string, string][] = [
  [
    ['kill'],
    'KILL is not supported here:',
    'a running query is stopped by the client that sent it (POST /api/sql/query/cancel, or Stop in the console)',
  ],
  [
    ['truncate'],
    'TRUNCATE is not supported here:',
    "a file table is replaced whole (CREATE OR REPLACE TABLE files.t AS SELECT ..., or a new upload), a knowledge base's rows are deleted with DELETE FROM kb WHERE ...",
  ],
  [
    ['rename'],
    'RENAME TABLE is not supported here:',
    'a table keeps its name; make one under the new name (CREATE TABLE files.b AS SELECT * FROM files.a) and drop the old',
  ],
  [
    ['grant', 'revoke'],
    'GRANT and REVOKE are not supported here:',
    "this server keeps no users or privileges; it has one login, set in the instance's settings",
  ],
  [
    ['flush', 'analyze', 'optimize', 'check', 'repair', 'checksum'],
    "MySQL's table upkeep (FLUSH, ANALYZE, OPTIMIZE, CHECK, REPAIR, CHECKSUM) is not supported here:",
    'the server keeps its tables and indexes itself',
  ],
  [
    ['call', 'prepare', 'execute', 'deallocate'],
    'Stored procedures and prepared statements (CALL, PREPARE, EXECUTE, DEALLOCATE) are not offered here:',
    'send each statement whole, its values as :name parameters',
  ],
  [
    ['load'],
    'LOAD DATA is not supported here:',
    'upload the file instead (PUT /api/files/name, or Upload in the console); it becomes the table files.name',
  ],
  [
    ['replace'],
    'REPLACE INTO is not supported here:',
    'INSERT INTO a knowledge base replaces the rows whose id it already holds; file tables are replaced whole (CREATE OR REPLACE TABLE)',
  ],
];

import type { JobEvery, Statement } from './ast';
import { parseUsing } from './expressions';
import { TokenStream } from './token-stream';
import { SqlSyntaxError, tokenize } from './tokenizer';

/**
 * Views and jobs, written as MindsDB writes them:
 *
 *   CREATE [OR REPLACE] VIEW [IF NOT EXISTS] [p.]v [FROM source] [AS] ( SELECT ... ) [USING k = v, ...]
 *   ALTER VIEW [p.]v [FROM source] [AS] ( SELECT ... ) [USING k = v, ...]
 *   DROP VIEW [IF EXISTS] [p.]v [, [p.]w ...]
 *   DROP MODEL | PREDICTOR [IF EXISTS] [p.]m   (MindsDB's JS SDK deletes views with it)
 *   CREATE JOB [IF NOT EXISTS] [p.]j [AS] ( stmt; stmt ) [START d] [END d] [EVERY [n] unit] [IF ( query )]
 *   DROP JOB [IF EXISTS] [p.]j
 *
 * A job's body holds several statements, so these are recognised before the one-statement rule of the
 * parser. Each statement of a body is parsed here, so that a mistake is refused at create time with its
 * line and column in the whole text rather than found by the scheduler hours later.
 */
export function isViewOrJobStatement(ts: TokenStream): boolean {
  if (ts.isKeyword('alter') && ts.isKeyword('view', 1)) return true;
  if (!ts.isKeyword('create') && !ts.isKeyword('drop')) return false;
  const at = ts.isKeyword('or', 1) && ts.isKeyword('replace', 2) ? 3 : 1;
  if (ts.isKeyword('drop') && (ts.isKeyword('model', 1) || ts.isKeyword('predictor', 1))) return true;
  return ts.isKeyword('view', at) || ts.isKeyword('job', at);
}

/** Parses one statement of a body: the dialect's parser (parser.ts), handed in because it calls this file. */
export type StatementParser = (sql: string) => Statement;

export function parseViewOrJobStatement(ts: TokenStream, parse: StatementParser): Statement {
  if (ts.acceptKeyword('drop')) {
    if (ts.acceptKeyword('model') || ts.acceptKeyword('predictor')) {
      const ifExists = ts.acceptKeyword('if', 'exists');
      const name = ts.qualifiedName('a model');
      ts.expectEnd();
      return { kind: 'drop_model', name, ifExists };
    }
    const isView = ts.acceptKeyword('view');
    if (!isView) ts.expectKeyword('job');
    const ifExists = ts.acceptKeyword('if', 'exists');
    if (isView) {
      const names = [ts.qualifiedName('a view')];
      while (ts.acceptOp(',')) names.push(ts.qualifiedName('a view'));
      ts.expectEnd();
      return { kind: 'drop_view', names, ifExists };
    }
    const name = ts.qualifiedName('a job');
    ts.expectEnd();
    return { kind: 'drop_job', name, ifExists };
  }
  if (ts.acceptKeyword('alter', 'view')) {
    const name = ts.qualifiedName('a view');
    return { kind: 'alter_view', name, query: readViewQuery(ts, parse) };
  }
  ts.expectKeyword('create');
  const orReplace = ts.acceptKeyword('or', 'replace');
  if (ts.acceptKeyword('view')) return parseCreateView(ts, orReplace, parse);
  if (orReplace) ts.fail('OR REPLACE applies to views only');
  ts.expectKeyword('job');
  return parseCreateJob(ts, parse);
}

function parseCreateView(ts: TokenStream, orReplace: boolean, parse: StatementParser): Statement {
  const ifNotExists = ts.acceptKeyword('if', 'not', 'exists');
  const name = ts.qualifiedName('a view');
  return { kind: 'create_view', name, orReplace, ifNotExists, query: readViewQuery(ts, parse) };
}

/**
 * A view's query: `[AS] ( SELECT ... )` (brackets optional), or `FROM source [AS] ( native text )`, which is
 * the source's own query (MindsDB stores it as `SELECT * FROM source (native text)`), then MindsDB's
 * `USING k = v, ...`, which it reads and keeps no use for, nor do we.
 */
function readViewQuery(ts: TokenStream, parse: StatementParser): string {
  const source = ts.acceptKeyword('from') ? ts.qualifiedName('a data source') : undefined;
  ts.acceptKeyword('as');
  if (ts.atEnd()) ts.fail('expected the SELECT of the view');
  let body: Span;
  if (ts.isOp('(')) {
    body = bracketed(ts);
    if (ts.acceptKeyword('using')) parseUsing(ts);
    ts.expectEnd();
  } else {
    if (source) ts.fail("expected '(' and the query for the data source");
    const first = ts.peek();
    while (!ts.atEnd()) ts.next();
    body = { text: ts.restFrom(first), offset: first.offset };
  }
  if (source) {
    if (!body.text.trim()) ts.fail(`the query for '${source.parts.join('.')}' is empty`);
    return `SELECT * FROM ${source.parts.join('.')} (${body.text})`;
  }
  const parts = parseWithin(ts, body, parse);
  if (parts.length !== 1 || parts[0].statement.kind !== 'select') {
    const at = locate(ts.source, parts[Math.min(1, parts.length - 1)]?.offset ?? body.offset, 1, 1);
    throw new SqlSyntaxError('Syntax error: a view is defined by one SELECT', at.line, at.column);
  }
  return parts[0].text;
}

const UNITS: Record<string, JobEvery['unit']> = {
  minute: 'minute',
  minutes: 'minute',
  min: 'minute',
  hour: 'hour',
  hours: 'hour',
  day: 'day',
  days: 'day',
  week: 'week',
  weeks: 'week',
  month: 'month',
  months: 'month',
};

function parseCreateJob(ts: TokenStream, parse: StatementParser): Statement {
  const ifNotExists = ts.acceptKeyword('if', 'not', 'exists');
  const name = ts.qualifiedName('a job');
  ts.acceptKeyword('as');
  if (!ts.isOp('(')) ts.fail("expected '(' and the job's statements");
  const open = ts.peek();
  const statements = parseWithin(ts, bracketed(ts), parse).map((p) => p.text);
  if (statements.length === 0) ts.fail('a job needs at least one statement', open);
  let start: string | undefined;
  let end: string | undefined;
  let every: JobEvery | undefined;
  let condition: string | undefined;
  for (;;) {
    if (ts.acceptKeyword('start')) start = dateValue(ts);
    else if (ts.acceptKeyword('end')) end = dateValue(ts);
    else if (ts.acceptKeyword('every')) every = everyAsWritten(ts);
    else if (ts.acceptKeyword('if')) {
      if (!ts.isOp('(')) ts.fail("expected '(' and the job's condition");
      const open = ts.peek();
      const parts = parseWithin(ts, bracketed(ts), parse);
      if (parts.length !== 1 || parts[0].statement.kind !== 'select')
        ts.fail("a job's IF holds one SELECT", open);
      condition = parts[0].text;
    } else break;
  }
  ts.expectEnd();
  return { kind: 'create_job', name, ifNotExists, statements, start, end, every, condition };
}

/** `EVERY [n] unit`: n a whole number of at least 1, unit one of MindsDB's periods. */
/** EVERY's period, with its words as written after `every ` (MindsDB's schedule_str: `every hour`). */
function everyAsWritten(ts: TokenStream): JobEvery {
  const first = ts.peek();
  const every = parseEvery(ts);
  const words = first.kind === 'string' ? first.value : ts.source.slice(first.offset, ts.peek().offset);
  return { ...every, text: `every ${words.trim().replace(/\s+/g, ' ')}` };
}

function parseEvery(ts: TokenStream): JobEvery {
  let count = 1;
  if (ts.peek().kind === 'number' || ts.isOp('-')) {
    const sign = ts.acceptOp('-') ? -1 : 1;
    const token = ts.next();
    count = sign * Number(token.value);
    if (!Number.isInteger(count) || count < 1 || count > 1_000_000)
      ts.fail('EVERY needs a whole number of at least 1', token);
  } else if (ts.peek().kind === 'string') {
    // EVERY '2 hours': the same words, quoted.
    const token = ts.next();
    const [n, unit, ...rest] = token.value.trim().split(/\s+/);
    const value = unit === undefined ? 1 : Number(n);
    const word = (unit ?? n ?? '').toLowerCase();
    if (rest.length || !Number.isInteger(value) || value < 1)
      ts.fail('EVERY needs a whole number of at least 1 and a period', token);
    if (!UNITS[word]) ts.fail(unknownUnit(word), token);
    return { count: value, unit: UNITS[word] };
  }
  const unitToken = ts.peek();
  if (unitToken.kind !== 'ident') ts.fail('expected a period after EVERY: minute, hour, day, week or month');
  ts.next();
  const unit = UNITS[unitToken.value.toLowerCase()];
  if (!unit) ts.fail(unknownUnit(unitToken.value), unitToken);
  return { count, unit };
}

const unknownUnit = (word: string) =>
  `unknown period '${word}': use minute, hour, day, week or month (or their plurals)`;

/** START / END: 'YYYY-MM-DD' or 'YYYY-MM-DD HH:MM:SS' (UTC), or NOW. */
function dateValue(ts: TokenStream): string {
  const token = ts.next();
  if (token.kind === 'ident' && token.value.toLowerCase() === 'now') return 'now';
  if (token.kind !== 'string' || !/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(token.value.trim()))
    ts.fail("expected a date such as '2025-01-31' or '2025-01-31 12:00:00', or NOW", token);
  const value = token.value.trim();
  if (Number.isNaN(Date.parse(`${value.replace(' ', 'T')}Z`))) ts.fail(`'${value}' is not a date`, token);
  return value;
}

/** A piece of the statement's text and where it starts in the whole. */
interface Span {
  text: string;
  offset: number;
}

/** Consumes `( ... )` with nested brackets and returns the text between the outer brackets. */
function bracketed(ts: TokenStream): Span {
  const open = ts.next();
  let depth = 1;
  for (;;) {
    const token = ts.next();
    if (token.kind === 'eof') ts.fail(`the '(' here is never closed`, open);
    if (token.kind !== 'op') continue;
    if (token.value === '(') depth++;
    else if (token.value === ')' && --depth === 0)
      return { text: ts.source.slice(open.offset + 1, token.offset), offset: open.offset + 1 };
  }
}

/** The `;`-separated pieces of a text, split with the tokenizer so that a `;` in a string does not split. */
function pieces(span: Span): Span[] {
  const out: Span[] = [];
  let from = 0;
  let depth = 0;
  const push = (to: number) => {
    const raw = span.text.slice(from, to);
    const text = raw.trim();
    if (text) out.push({ text, offset: span.offset + from + raw.indexOf(text) });
  };
  for (const t of tokenize(span.text)) {
    if (t.kind !== 'op') continue;
    if (t.value === '(') depth++;
    else if (t.value === ')') depth--;
    else if (t.value === ';' && depth === 0) {
      push(t.offset);
      from = t.offset + 1;
    }
  }
  push(span.text.length);
  return out;
}

/** Parses each piece of a span; a syntax error is given at its line and column in the whole statement. */
function parseWithin(
  ts: TokenStream,
  span: Span,
  parse: StatementParser,
): (Span & { statement: Statement })[] {
  return pieces(span).map((piece) => {
    try {
      return { ...piece, statement: parse(piece.text) };
    } catch (err) {
      if (!(err instanceof SqlSyntaxError)) throw err;
      const { line, column } = locate(ts.source, piece.offset, err.line, err.column);
      throw new SqlSyntaxError(err.message, line, column);
    }
  });
}

/** The line and column in the whole statement of a position given relative to a piece starting at `offset`. */
function locate(source: string, offset: number, line: number, column: number) {
  const before = source.slice(0, offset);
  const baseLine = before.split('\n').length;
  const baseColumn = offset - (before.lastIndexOf('\n') + 1) + 1;
  return line === 1
    ? { line: baseLine, column: baseColumn + column - 1 }
    : { line: baseLine + line - 1, column };
}

/** The statements of a job's body given on its own (REST): split and parsed, errors located in `text`. */
export function parseJobStatements(text: string, parse: StatementParser): string[] {
  const ts = new TokenStream(tokenize(text), text);
  return parseWithin(ts, { text, offset: 0 }, parse).map((p) => p.text);
}

/** A schedule given as text (REST): `every 2 hours`, `2 hours`, `hour`. */
export function parseSchedule(text: string): JobEvery {
  const ts = new TokenStream(tokenize(text), text);
  ts.acceptKeyword('every');
  const every = parseEvery(ts);
  ts.expectEnd();
  return every;
}

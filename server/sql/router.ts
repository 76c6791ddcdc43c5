import type { Statement, StatementKind, StatementOf } from '../dialect/ast';
import { parseStatement } from '../dialect/parser';
import type { SessionValues } from '../dialect/session-values';
import { SqlSyntaxError } from '../dialect/tokenizer';
import { excerpt } from '../util/excerpt';
import { ServiceError, TooManyRowsError, ValidationError } from '../errors';
import { SqlEngineError } from './engine-select';
import { filterListing } from './show-filter';
import type {
  ResultSink,
  SqlOutcome,
  SqlResponse,
  SqlSession,
  StatementHandler,
  StatementRun,
  StatementStreamer,
} from '../domain/sql';
import { writeInPieces } from './result-pieces';

type AnyHandler = (
  statement: never,
  session: SqlSession,
  run: StatementRun,
) => ReturnType<StatementHandler<StatementKind>>;

/** Why an export over the row limit cannot simply go on: which exports have no limit. */
const STREAMED_ONLY =
  'Only a query the SQL engine reads itself (files and plain queries) or one data source answers whole exports ' +
  'without a row limit; a knowledge base, a join across places, a view or information_schema answers within the limit';

/** Longest query text we accept; longer ones are refused before parsing. */
export const MAX_QUERY_LENGTH = 1_000_000;

/**
 * Parses a statement and hands it to the handlers registered for its kind, in the order they were registered
 * (see register-handlers.ts, which states that order): the first that answers wins. Every failure becomes an
 * `error` result.
 */
export class SqlRouter {
  private readonly handlers = new Map<StatementKind, AnyHandler[]>();
  private readonly streamers: StatementStreamer<'select'>[] = [];

  /**
   * @param values what MySQL's session words (`@@version`, `@name`, `DATABASE()`) stand for in a session;
   * without it they are left as written.
   */
  constructor(
    private readonly log: (err: unknown) => void = () => undefined,
    private readonly values?: (session: SqlSession) => SessionValues,
  ) {}

  register<K extends StatementKind>(kind: K, handler: StatementHandler<K>): void {
    const list = this.handlers.get(kind) ?? [];
    list.push(handler as unknown as AnyHandler);
    this.handlers.set(kind, list);
  }

  /**
   * A streamer for exports (see exportSelect), asked in the order registered, before the handlers.
   */
  registerStreamer(streamer: StatementStreamer<'select'>): void {
    this.streamers.push(streamer);
  }

  async execute(query: string, context: SqlSession, run: StatementRun = {}): Promise<SqlResponse> {
    const session = { ...context };
    try {
      const statement = this.parse(query, session);
      const outcome = await this.answerStatement(statement, session, { ...run, text: query });
      return { ...outcome, context: session };
    } catch (err) {
      const { message, position } = this.failure(err);
      return this.error(message, session, position);
    }
  }

  /**
   * Answers a statement as execute does, but hands back the outcome itself and throws a failure as a typed
   * ServiceError (a TooManyRowsError stays one): for handlers that answer a statement with another (a view's
   * query in place of the view).
   */
  async answer(query: string, context: SqlSession, run: StatementRun = {}): Promise<SqlOutcome> {
    const session = { ...context };
    try {
      return await this.answerStatement(this.parse(query, session), session, { ...run, text: query });
    } catch (err) {
      if (err instanceof ServiceError) throw err;
      throw new ServiceError(this.failure(err).message);
    }
  }

  /**
   * The whole result of a SELECT, written into `sink` a piece at a time (the export routes). The streamers
   * answer without a row limit (the SQL engine's tables, one data source's whole query); anything else is
   * answered by the handlers as execute answers it, within the row limit, then written in pieces. Every failure
   * is thrown as a ServiceError naming the problem, whether or not rows were written already.
   */
  async exportSelect(
    query: string,
    context: SqlSession,
    sink: ResultSink,
    run: StatementRun = {},
  ): Promise<void> {
    const session = { ...context };
    try {
      const statement = this.parse(query, session);
      if (statement.kind !== 'select') throw new ValidationError('Only a SELECT can be exported');
      const withText = { ...run, text: query };
      for (const streamer of this.streamers) if (await streamer(statement, session, sink, withText)) return;
      const outcome = await this.answerStatement(statement, session, withText);
      if (outcome.type !== 'table')
        throw new ValidationError('Only a SELECT that returns rows can be exported');
      await writeInPieces(outcome, sink, run.signal);
    } catch (err) {
      if (err instanceof TooManyRowsError) throw new TooManyRowsError(`${err.message}. ${STREAMED_ONLY}`);
      if (err instanceof ServiceError) throw err;
      throw new ValidationError(this.failure(err).message);
    }
  }

  private parse(query: string, session: SqlSession): Statement {
    if (query.length > MAX_QUERY_LENGTH)
      throw new ValidationError(
        `The query is too long (${query.length} characters; the limit is ${MAX_QUERY_LENGTH})`,
      );
    return parseStatement(query, { values: this.values?.(session) });
  }

  /** The first handler's answer for the statement's kind (a SHOW's LIKE and WHERE applied to it). */
  private async answerStatement(
    statement: Statement,
    session: SqlSession,
    run: StatementRun,
  ): Promise<SqlOutcome> {
    for (const handler of this.handlers.get(statement.kind) ?? []) {
      const outcome = await (
        handler as (
          s: StatementOf<typeof statement.kind>,
          x: SqlSession,
          r: StatementRun,
        ) => ReturnType<AnyHandler>
      )(statement, session, run);
      if (outcome)
        return 'filter' in statement && statement.filter ? filterListing(outcome, statement.filter) : outcome;
    }
    throw new ValidationError(`${statement.kind.replace(/_/g, ' ')} statements are not supported here`);
  }

  /** What a client reads of a failure: its message, and where in the statement when that is known. */
  private failure(err: unknown): { message: string; position?: { line: number; column: number } } {
    if (err instanceof SqlSyntaxError || err instanceof SqlEngineError) {
      const position = err.line && err.column ? { line: err.line, column: err.column } : undefined;
      return { message: err.message, position };
    }
    if (err instanceof ServiceError) return { message: err.message };
    this.log(err);
    return { message: `The statement failed: ${String((err as Error)?.message ?? err).split('\n')[0]}` };
  }

  private error(
    message: string,
    context: SqlSession,
    position?: { line: number; column: number },
  ): SqlResponse {
    return {
      type: 'error',
      error_code: 0,
      error_message: excerpt(message),
      ...(position ? { error_position: position } : {}),
      context,
    };
  }
}

import type { StatementKind, StatementOf } from '../dialect/ast';
import { parseStatement } from '../dialect/parser';
import type { SessionValues } from '../dialect/session-values';
import { SqlSyntaxError } from '../dialect/tokenizer';
import { excerpt } from '../util/excerpt';
import { ServiceError } from '../errors';
import { SqlEngineError } from './engine-select';
import { filterListing } from './show-filter';
import type { SqlResponse, SqlSession, StatementHandler, StatementRun } from '../domain/sql';

type AnyHandler = (
  statement: never,
  session: SqlSession,
  run: StatementRun,
) => ReturnType<StatementHandler<StatementKind>>;

/** Longest query text we accept; longer ones are refused before parsing. */
export const MAX_QUERY_LENGTH = 1_000_000;

/**
 * Parses a statement and hands it to the handlers registered for its kind, in the order they were registered
 * (see register-handlers.ts, which states that order): the first that answers wins. Every failure becomes an
 * `error` result.
 */
export class SqlRouter {
  private readonly handlers = new Map<StatementKind, AnyHandler[]>();

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

  async execute(query: string, context: SqlSession, run: StatementRun = {}): Promise<SqlResponse> {
    const session = { ...context };
    if (query.length > MAX_QUERY_LENGTH) {
      return this.error(
        `The query is too long (${query.length} characters; the limit is ${MAX_QUERY_LENGTH})`,
        session,
      );
    }
    try {
      const statement = parseStatement(query, { values: this.values?.(session) });
      for (const handler of this.handlers.get(statement.kind) ?? []) {
        const outcome = await (
          handler as (
            s: StatementOf<typeof statement.kind>,
            x: SqlSession,
            r: StatementRun,
          ) => ReturnType<AnyHandler>
        )(statement, session, { ...run, text: query });
        if (outcome) {
          const shown =
            'filter' in statement && statement.filter ? filterListing(outcome, statement.filter) : outcome;
          return { ...shown, context: session };
        }
      }
      return this.error(`${statement.kind.replace(/_/g, ' ')} statements are not supported here`, session);
    } catch (err) {
      if (err instanceof SqlSyntaxError || err instanceof SqlEngineError) {
        return this.error(
          err.message,
          session,
          err.line && err.column ? { line: err.line, column: err.column } : undefined,
        );
      }
      if (err instanceof ServiceError) return this.error(err.message, session);
      this.log(err);
      return this.error(
        `The statement failed: ${String((err as Error)?.message ?? err).split('\n')[0]}`,
        session,
      );
    }
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

import type { StatementKind } from '../dialect/ast';
import { parseStatement } from '../dialect/parser';
import { SqlSyntaxError } from '../dialect/tokenizer';

/**
 * The kind of the one statement `query` holds, read by the dialect's parser, or the parser's complaint when the
 * text is not one statement of our dialect. For routes that decide by kind before anything runs.
 */
export function statementKind(query: string): { kind: StatementKind } | { syntaxError: string } {
  try {
    return { kind: parseStatement(query).kind };
  } catch (err) {
    if (err instanceof SqlSyntaxError) return { syntaxError: err.message };
    throw err;
  }
}

import type { DuckDb } from '../../engines/duckdb';
import { parseStatement } from '../../dialect/parser';
import { ValidationError } from '../../errors';
import { lineColumn, toEngineDialect } from '../../dialect/engine-dialect';
import { readUserSelect, RefusedFunctionError, StatementParseError } from '../../engines/table-references';
import { unservedMessage } from '../../domain/unserved-features';
import { findLast, withCondition } from './last';
import { withSampleVariables } from './template-variables';

/**
 * Checks a job's statements as far as can be done before they run: LAST is used as `column > LAST`, and the
 * SELECT of each SELECT or INSERT ... SELECT parses in the engine (our parser hands SELECTs on as text, so
 * `SELECT FROM WHERE` would otherwise only fail at the first run, hours later) and passes the check of user
 * SQL. Errors name the statement and the line and column in it.
 */
export async function checkJobStatements(data: DuckDb, statements: string[], field = 'query'): Promise<void> {
  for (const [index, written] of statements.entries()) {
    const statement = withSampleVariables(written);
    const use = findLast(statement);
    const text = use ? withCondition(statement, use, 'TRUE') : statement;
    const parsed = parseStatement(text);
    // A statement of a feature not offered here would fail at every run: it is refused now, saying why.
    if (parsed.kind === 'unserved' && !(parsed.action === 'drop' && parsed.ifExists))
      throw new ValidationError(
        `Statement ${index + 1} of the job: ${unservedMessage(parsed.feature)}`,
        field,
      );
    const select =
      parsed.kind === 'select' ? parsed.sql : parsed.kind === 'insert' ? parsed.selectSql : undefined;
    if (select === undefined) continue;
    const engineText = toEngineDialect(select);
    try {
      await readUserSelect(data, engineText);
    } catch (err) {
      if (err instanceof RefusedFunctionError) {
        const at = positionText(engineText, err.offset);
        throw new ValidationError(`Statement ${index + 1} of the job is refused${at}: ${err.message}`, field);
      }
      if (!(err instanceof StatementParseError)) throw err;
      const at = err.position === undefined ? '' : positionText(engineText, err.position);
      throw new ValidationError(
        `Statement ${index + 1} of the job does not parse${at}: ${err.message}`,
        field,
      );
    }
  }
}

function positionText(text: string, offset: number): string {
  const { line, column } = lineColumn(text, offset);
  return ` (line ${line}, column ${column} of its SELECT)`;
}

import type { Literal } from '../dialect/ast';
import type { SessionValues } from '../dialect/session-values';
import { ValidationError } from '../errors';
import { MYSQL_VERSION, serverVariable } from './mysql-variables';
import type { SqlSession } from '../domain/sql';
import type { UserVariables } from './user-variables';

/**
 * What MySQL's session words stand for in a statement run in `session`, as MindsDB answers them: the server's
 * variables, the user variables set so far, and the session functions (`DATABASE()` is the session's
 * database; `SCHEMA()` and `CURRENT_SCHEMA()` are MindsDB's 'public').
 */
export function sessionValues(session: SqlSession, users: UserVariables): SessionValues {
  const functions: Record<string, Literal> = {
    database: session.db,
    schema: 'public',
    current_schema: 'public',
    version: MYSQL_VERSION,
    user: 'mindsdb',
    current_user: 'mindsdb',
    session_user: 'mindsdb',
    connection_id: 1,
  };
  return {
    variable(name, system) {
      const value = system ? serverVariable(name) : users.get(name);
      if (value === undefined) {
        throw new ValidationError(
          system
            ? `Unknown variable '${name}'`
            : `Variable ${name} is not defined: set it first with SET @${name} = ...`,
        );
      }
      return value as Literal;
    },
    sessionFunction: (name) => functions[name.toLowerCase()],
  };
}

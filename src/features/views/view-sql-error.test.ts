import { describe, expect, it } from 'vitest';
import { ViewSqlError } from '../../api/views/mutations';
import { querySqlProblem, refusedForName } from './view-sql-error';

const refusal = (error_message: string, error_position?: { line: number; column: number }) =>
  new ViewSqlError({ type: 'error', error_message, ...(error_position ? { error_position } : {}) });

describe('a refused view statement', () => {
  it('is placed at the name when the name is taken, by our words or MindsDB’s', () => {
    expect(refusedForName(refusal("View 'v' already exists in project 'mindsdb'"))).toBe(true);
    expect(refusedForName(refusal("'docs' is already a knowledge base in project 'mindsdb' (...)"))).toBe(
      true,
    );
    expect(refusedForName(refusal("Table 'nope' not found"))).toBe(false);
    expect(refusedForName(undefined)).toBe(false);
  });

  it("says where in the query a position falls (the statement's first line is the DDL)", () => {
    expect(querySqlProblem(refusal('Syntax error', { line: 3, column: 7 }))).toBe(
      'Syntax error (line 2, column 7 of the query)',
    );
    expect(querySqlProblem(refusal('The view’s query does not parse (line 1, column 31)'))).toBe(
      'The view’s query does not parse (line 1, column 31)',
    );
    expect(querySqlProblem(null)).toBeUndefined();
  });
});

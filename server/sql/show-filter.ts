import type { Expr, Literal, ShowFilter } from '../dialect/ast';
import type { JsonValue } from '../engines/duckdb';
import { ValidationError } from '../errors';
import { likeMatcher } from './like';
import type { SqlOutcome } from '../domain/sql';

type Row = JsonValue[];
type Value = JsonValue | undefined;

/**
 * Applies a SHOW's `LIKE` and `WHERE` to the listing it answered, as MindsDB filters its listings: LIKE on
 * the listing's `name` column, or its first column where it has none (`Database`, `Tables_in_x`), WHERE on the columns by name (case-insensitive, as MySQL's column names).
 * Comparisons follow MySQL's: text compares without case, a number with a number, NULL matches nothing.
 * The listings are small, so the rows are filtered here rather than by the SQL engine.
 */
export function filterListing(outcome: SqlOutcome, filter: ShowFilter): SqlOutcome {
  if (outcome.type !== 'table') return outcome;
  const columns = outcome.column_names.map((c) => c.toLowerCase());
  const matches = filter.like === undefined ? () => true : likeMatcher(filter.like);
  const where = filter.where;
  const data = outcome.data.filter(
    (row) => matches(String(row[0] ?? '')) && (where === undefined || truthy(evaluate(where, row, columns))),
  );
  return { ...outcome, data };
}

function evaluate(e: Expr, row: Row, columns: string[]): Value {
  switch (e.type) {
    case 'literal':
      return literalValue(e.value);
    case 'column': {
      const at = columns.indexOf(e.name.toLowerCase());
      if (at === -1) throw new ValidationError(`Unknown column '${e.name}' in 'where clause'`);
      return row[at];
    }
    case 'star':
      throw new ValidationError("'*' is not a value in a WHERE");
    case 'and':
      return truthy(evaluate(e.left, row, columns)) && truthy(evaluate(e.right, row, columns));
    case 'or':
      return truthy(evaluate(e.left, row, columns)) || truthy(evaluate(e.right, row, columns));
    case 'not':
      return !truthy(evaluate(e.expr, row, columns));
    case 'binary':
      return compareWith(e.op, evaluate(e.left, row, columns), evaluate(e.right, row, columns));
    case 'is_null': {
      const isNull = evaluate(e.expr, row, columns) == null;
      return e.negated ? !isNull : isNull;
    }
    case 'in': {
      const value = evaluate(e.expr, row, columns);
      const found = e.values.some((v) => compareWith('=', value, evaluate(v, row, columns)));
      return value != null && found !== e.negated;
    }
    case 'like': {
      const value = evaluate(e.expr, row, columns);
      const pattern = evaluate(e.pattern, row, columns);
      if (value == null || pattern == null) return false;
      return likeMatcher(String(pattern))(String(value)) !== e.negated;
    }
    case 'between': {
      const value = evaluate(e.expr, row, columns);
      const inside =
        compareWith('>=', value, evaluate(e.low, row, columns)) &&
        compareWith('<=', value, evaluate(e.high, row, columns));
      return value != null && inside !== e.negated;
    }
  }
}

function literalValue(v: Literal): Value {
  return v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
}

function truthy(v: Value): boolean {
  if (v == null || v === false) return false;
  if (typeof v === 'number') return v !== 0;
  // MySQL reads text as the number it starts with ('abc' is 0, false).
  if (typeof v === 'string') return (parseFloat(v) || 0) !== 0;
  return true;
}

function compareWith(op: '=' | '!=' | '<' | '>' | '<=' | '>=', a: Value, b: Value): boolean {
  if (a == null || b == null) return false;
  let order: number;
  if (typeof a === 'number' && typeof b === 'number') order = a - b;
  else if (typeof a === 'number' || typeof b === 'number') order = Number(a) - Number(b);
  else order = String(a).toLowerCase().localeCompare(String(b).toLowerCase());
  if (Number.isNaN(order)) return op === '!=';
  switch (op) {
    case '=':
      return order === 0;
    case '!=':
      return order !== 0;
    case '<':
      return order < 0;
    case '>':
      return order > 0;
    case '<=':
      return order <= 0;
    case '>=':
      return order >= 0;
  }
}

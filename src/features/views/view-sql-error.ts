import { queryPosition } from '../../api/views/mutations';
import { problemMessage } from '../../components/field-errors';

/** A refusal of the view's SQL as the query field shows it: the server's words, and where when it says. */
export function querySqlProblem(error: unknown): string | undefined {
  if (!error) return undefined;
  const at = queryPosition(error);
  const text = problemMessage(error);
  return at ? `${text} (line ${at.line}, column ${at.column} of the query)` : text;
}

/**
 * Whether a refused CREATE VIEW was refused for its name (taken by a view, a knowledge base, an agent): SQL
 * errors name no field, so the words tell (ours: "already exists" / "is already"; MindsDB: "already exists").
 */
export function refusedForName(error: unknown): boolean {
  return !!error && /already exists|is already/i.test(problemMessage(error));
}

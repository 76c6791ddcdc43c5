import { queryPosition } from '../../api/views/mutations';
import { problemMessage } from '../../components/field-errors';

/** A refusal of the view's SQL as the query field shows it: the server's words, and where when it says. */
export function querySqlProblem(error: unknown): string | undefined {
  if (!error) return undefined;
  const at = queryPosition(error);
  const text = problemMessage(error);
  return at ? `${text} (line ${at.line}, column ${at.column} of the query)` : text;
}

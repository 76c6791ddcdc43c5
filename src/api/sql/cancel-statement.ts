import { cancelStatementAnswerSchema } from '../../../protocol/api/sql';
import { ApiError, apiRequest } from '../client';

/**
 * Asks the server to stop a statement sent with `statementId` (ours: `POST /api/sql/query/cancel`). Resolves
 * true when it was running and is being stopped (its request then answers with what happened), false when it
 * was not running, and null on a server without the route (MindsDB), which can only be left waiting.
 */
export async function cancelStatement(statementId: string): Promise<boolean | null> {
  try {
    const answer = await apiRequest('/api/sql/query/cancel', {
      method: 'POST',
      body: { statement_id: statementId },
      schema: cancelStatementAnswerSchema,
    });
    return answer.cancelled;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 405)) return null;
    throw err;
  }
}

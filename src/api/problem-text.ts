import type { Problem } from '../../protocol/api/errors';

/**
 * The words a user reads for a failed request. A problem's title is often only the HTTP status phrase
 * ("Bad Request", "Unauthorized"), which says nothing to someone who is not reading the protocol: the detail
 * names the actual problem, so it is shown alone; without one, the status is said in plain words. A title
 * that is a sentence of its own (MindsDB's "File already exists") is kept when there is no detail.
 */

/** Reason phrases of HTTP (and the generic "Error"): never shown as if they explained anything. */
const STATUS_PHRASES = new Set(
  [
    'error',
    'bad request',
    'unauthorized',
    'forbidden',
    'not found',
    'method not allowed',
    'not acceptable',
    'request timeout',
    'conflict',
    'gone',
    'precondition failed',
    'payload too large',
    'content too large',
    'unsupported media type',
    'unprocessable entity',
    'unprocessable content',
    'too many requests',
    'internal server error',
    'not implemented',
    'bad gateway',
    'service unavailable',
    'gateway timeout',
  ].map((p) => p.toLowerCase()),
);

const isStatusPhrase = (title: string) =>
  STATUS_PHRASES.has(title.trim().toLowerCase()) || /^HTTP \d+$/.test(title);

/** What a status means for the user, when the server said nothing more. */
function statusInWords(status: number): string {
  if (status === 0) return 'Cannot reach the server. Check that it is running and that the address is right.';
  if (status === 401) return 'Your session has ended. Log in again to go on.';
  if (status === 403) return 'You are not allowed to do this.';
  if (status === 404) return 'It does not exist (any more).';
  if (status === 409) return 'It was changed meanwhile. Reload it and try again.';
  if (status === 413) return 'This is larger than the server accepts.';
  if (status === 415) return 'The server does not read this kind of content.';
  if (status === 429) return 'Too many attempts. Wait a moment and try again.';
  if (status >= 500) return 'The server could not answer. Try again; if it keeps failing, its log says why.';
  return 'The server refused the request.';
}

/** The sentence a user reads for this problem. */
export function problemText(status: number, problem: Problem): string {
  if (status === 0) return statusInWords(0);
  const detail = problem.detail?.trim();
  if (detail) return detail;
  const title = problem.title.trim();
  return title && !isStatusPhrase(title) ? title : statusInWords(status);
}

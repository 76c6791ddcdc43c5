import { withoutSecrets } from './secret-text';

/** Longest error message a client receives: a message names a problem, it never carries a whole input back. */
export const MAX_MESSAGE_LENGTH = 2000;

/**
 * A message as a client receives it: without the server's own credentials (util/secret-text.ts), and the
 * message itself when short, else its start and end around a note of how much was left out.
 */
export function excerpt(message: string, max = MAX_MESSAGE_LENGTH): string {
  const text = withoutSecrets(message);
  if (text.length <= max) return text;
  const keep = Math.floor((max - 40) / 2);
  return `${text.slice(0, keep)}… (${text.length - 2 * keep} characters left out) …${text.slice(-keep)}`;
}

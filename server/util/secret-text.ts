import { MASK } from '../../protocol/secrets';

/**
 * Credentials of the server's own configuration (object storage keys) that an engine's error text could carry:
 * a request URI with a SAS token in it, say. Every message that leaves the server (problem bodies, SQL errors,
 * log lines) goes through `withoutSecrets`. Values from users' requests are masked by each resource's presenter
 * (services/<resource>/presenter.ts); this is for what a user never typed.
 */
const secrets = new Set<string>();
/** Longest first: a whole token is masked before any part of it that is registered too. */
let longestFirst: string[] = [];

/** The mask that replaces a secret in a message: the one the API masks stored keys with. */
export const SECRET_MASK = MASK;

/** Keeps `value` out of every message from now on (and its URL-encoded form, as request URIs carry it). */
export function keepOutOfMessages(values: Iterable<string>): void {
  for (const value of values) {
    if (value.length < 8) continue; // a short value would mask ordinary words
    secrets.add(value);
    secrets.add(encodeURIComponent(value));
  }
  longestFirst = [...secrets].sort((a, b) => b.length - a.length);
}

/** `text` with every registered secret replaced by the mask. */
export function withoutSecrets(text: string): string {
  let out = text;
  for (const secret of longestFirst) if (out.includes(secret)) out = out.split(secret).join(SECRET_MASK);
  return out;
}

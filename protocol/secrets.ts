/**
 * The one rule for secrets: which keys hold credentials, and how they are shown. Every resource that holds
 * settings written by users (agents' and knowledge bases' models, data-source parameters) and everything that
 * reports on them (errors, logs) masks with these functions, so a name that counts as secret in one place
 * counts everywhere.
 */

/** How a stored secret is shown. A client that sends it back unchanged keeps the stored value. */
export const MASK = '******';

/** A key holding any of these words is a credential: `client_secret`, `db_password`, `apiKey`... */
const SECRET_WORDS = new Set([
  'secret',
  'secrets',
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'credential',
  'credentials',
  'apikey',
  'authorization',
  'cookie',
]);

/**
 * A key ending with one of these words is a credential (`api_key`, `access_token`, `basic_auth`), but not one
 * that merely starts with it (`token_limit`, `key_column`).
 */
const SECRET_LAST_WORDS = new Set(['key', 'token', 'auth', 'bearer', 'jwt', 'signature']);

/** `openaiApiKey`, `openai-api-key` and `OPENAI_API_KEY` all become `openai api key`. */
function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Whether the value under this key is a credential that must never be shown. */
export function isSecretKey(key: string): boolean {
  const words = wordsOf(key);
  if (words.length === 0) return false;
  return words.some((w) => SECRET_WORDS.has(w)) || SECRET_LAST_WORDS.has(words[words.length - 1]);
}

/** Whether a value is present: an empty or missing secret is shown as it is (the client sees it is unset). */
const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * A deep copy with the value of every secret key replaced by the mask, whatever its type (an object under
 * `credentials` is hidden whole). Arrays and nested objects are walked.
 */
export function maskSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(maskSecrets) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSecretKey(k) && isSet(v) ? MASK : maskSecrets(v);
  return out as T;
}

/**
 * A copy of `record` with each of `fields` masked by `maskSecrets`: how a resource's presenter masks the fields
 * that may hold credentials (a model object, connection parameters) and leaves the others as they are.
 */
export function maskFields<T extends object>(record: T, fields: readonly (keyof T)[]): T {
  const out = { ...record };
  for (const field of fields) out[field] = maskSecrets(record[field]);
  return out;
}

/** `text` with each of the given secrets replaced by the mask: for messages that might quote one. */
export function scrubSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  // Very short values would blank out ordinary words; a real key is never that short.
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join(MASK);
  return out;
}

/** The string values under secret keys, at any depth: what `scrubSecrets` must remove from a message. */
export function secretValues(value: unknown): string[] {
  const found: string[] = [];
  const walk = (v: unknown, secret: boolean) => {
    if (typeof v === 'string') {
      if (secret) found.push(v);
    } else if (Array.isArray(v)) v.forEach((item) => walk(item, secret));
    else if (v && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) walk(inner, secret || isSecretKey(k));
    }
  };
  walk(value, false);
  return found;
}

import { isSecretKey } from '../../../protocol/secrets';
import type { ParameterChanges } from '../../api/databases/mutations';
import type { Change } from '../../components/model-fields/model-draft';

/** A saved source's parameters, as the server shows them (secrets masked by ours, in clear by MindsDB). */
export type SavedParameters = Record<string, unknown>;

/**
 * The form's state. `values` holds the parameters that are not secrets, as text; `secrets` only what the user
 * typed into a secret field (the saved one is never put in the page): empty means "keep the saved one".
 */
export interface SourceDraft {
  values: Record<string, string>;
  secrets: Record<string, string>;
}

/** The fields a connection form shows first, in this order; any other parameter follows by name. */
const FIRST = ['host', 'port', 'database', 'user', 'password', 'schema'];
/** Engines whose connection has a password even when none is saved. */
const WITH_PASSWORD = new Set(['postgres', 'mysql', 'mariadb']);

const isScalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

export const LABELS: Record<string, string> = {
  host: 'Host',
  port: 'Port',
  database: 'Database',
  user: 'User',
  password: 'Password',
  schema: 'Schema',
};
export const labelOf = (key: string) => LABELS[key] ?? key;

export interface ParameterField {
  key: string;
  secret: boolean;
  /** A secret the server holds (its value never reaches the form). */
  saved: boolean;
  /** A nested value (e.g. an SSL block): shown, not edited here. */
  readOnly: boolean;
}

/** The fields of the form: the saved parameters, and a password where the engine has one. */
export function parameterFields(engine: string, saved: SavedParameters): ParameterField[] {
  const keys = new Set(Object.keys(saved));
  if (WITH_PASSWORD.has(engine)) keys.add('password');
  const order = (k: string) => (FIRST.includes(k) ? FIRST.indexOf(k) : FIRST.length);
  return [...keys]
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b))
    .map((key) => {
      const value = saved[key];
      const secret = isSecretKey(key);
      return {
        key,
        secret,
        saved: secret && value !== undefined && value !== null && value !== '',
        readOnly: !secret && value !== undefined && value !== null && !isScalar(value),
      };
    });
}

export function draftFromSaved(saved: SavedParameters): SourceDraft {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(saved)) {
    if (isSecretKey(key)) continue;
    values[key] = isScalar(value) ? String(value) : JSON.stringify(value);
  }
  return { values, secrets: {} };
}

const savedText = (saved: SavedParameters, key: string) => draftFromSaved(saved).values[key] ?? '';

/** The parameters whose text differs from the saved one (nested values are not edited here). */
function changedKeys(saved: SavedParameters, draft: SourceDraft): string[] {
  return Object.keys(draft.values).filter(
    (key) =>
      !isSecretKey(key) &&
      (saved[key] === undefined || saved[key] === null || isScalar(saved[key])) &&
      draft.values[key] !== savedText(saved, key),
  );
}

const typedSecrets = (draft: SourceDraft) =>
  Object.keys(draft.secrets).filter((k) => draft.secrets[k] !== '');

/** What saving would change, in words; a typed secret shows only that it is replaced. */
export function sourceChanges(saved: SavedParameters, draft: SourceDraft): Change[] {
  const changes: Change[] = changedKeys(saved, draft).map((key) => ({
    label: labelOf(key),
    from: savedText(saved, key) || 'empty',
    to: draft.values[key] || 'empty',
  }));
  for (const key of typedSecrets(draft)) {
    const had = saved[key] !== undefined && saved[key] !== null && saved[key] !== '';
    changes.push({ label: labelOf(key), from: had ? 'saved (hidden)' : 'none', to: 'new (hidden)' });
  }
  return changes;
}

/**
 * The body's `parameters`: only what changed, each in the type the saved value had (a port stays a number).
 * Secrets not retyped are left out, so both servers keep the saved ones (MindsDB would store a mask sent back).
 */
export function parameterChanges(saved: SavedParameters, draft: SourceDraft): ParameterChanges {
  const out: ParameterChanges = {};
  for (const key of changedKeys(saved, draft)) {
    const text = draft.values[key];
    const before = saved[key];
    out[key] =
      typeof before === 'number' && text.trim() !== '' && Number.isFinite(Number(text))
        ? Number(text)
        : typeof before === 'boolean' && (text === 'true' || text === 'false')
          ? text === 'true'
          : text;
  }
  for (const key of typedSecrets(draft)) out[key] = draft.secrets[key];
  return out;
}

/** Problems found before sending, by parameter key. */
export function validateSourceDraft(saved: SavedParameters, draft: SourceDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  const port = draft.values.port;
  if (port !== undefined && port !== savedText(saved, 'port')) {
    const n = Number(port);
    if (!/^\d+$/.test(port.trim()) || n < 1 || n > 65535)
      errors.port = 'A port is a whole number from 1 to 65535.';
  }
  if (draft.values.host !== undefined && draft.values.host.trim() === '') errors.host = 'Give the host.';
  return errors;
}

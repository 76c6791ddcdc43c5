import { checkOutboundUrl, OutboundUrlError, parseOutboundUrl } from '../net/url-guard';
import type { ModelConfig } from '../providers/types';
import { isSecretKey, MASK } from '../../protocol/secrets';
import { ValidationError } from '../errors';

/**
 * The one reader of model objects (an agent's `model`, a knowledge base's `embedding_model` and
 * `reranking_model`), and the rules for their credentials: where a stored key may go, and when the operator's
 * default key may be used.
 */

type Loose = Record<string, unknown>;

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

const TEXT_FIELDS = ['provider', 'model_name', 'api_key', 'base_url'] as const;

/** The problem with a base URL, phrased after its field name, or null. Checks what needs no network. */
function baseUrlProblem(raw: string, field: string): ValidationError | null {
  try {
    parseOutboundUrl(raw);
    return null;
  } catch (err) {
    if (err instanceof OutboundUrlError) return new ValidationError(`${field}: ${err.message}`, field);
    throw err;
  }
}

/**
 * A model object as a client wrote it, checked: an object, text fields as strings, `base_url` an http(s) URL
 * the server may call. Null values and the mask mean "not given" (a client that sends back what it was shown
 * keeps the stored value), so they are left out. Throws ValidationError naming `field.key`.
 */
export function readModelConfig(value: unknown, field: string): Partial<ModelConfig> {
  if (!isObject(value)) {
    throw new ValidationError(
      `${field} must be an object such as {"provider": "openai", "model_name": "..."}`,
      field,
    );
  }
  for (const key of TEXT_FIELDS) {
    const v = value[key];
    if (v !== undefined && v !== null && typeof v !== 'string') {
      throw new ValidationError(`${field}.${key} must be a string`, `${field}.${key}`);
    }
  }
  if (typeof value.base_url === 'string' && value.base_url !== '') {
    const problem = baseUrlProblem(value.base_url, `${field}.base_url`);
    if (problem) throw problem;
  }
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== null && v !== undefined && v !== MASK),
  ) as Partial<ModelConfig>;
}

/**
 * The save-time check that needs the network: the addresses `base_url`'s name resolves to. Each call checks
 * the address it connects to again, so this is for a clear 400 when the model is saved.
 */
export async function checkModelAddress(model: Partial<ModelConfig> | undefined | null, field: string) {
  if (!model || typeof model.base_url !== 'string' || model.base_url === '') return;
  try {
    await checkOutboundUrl(model.base_url);
  } catch (err) {
    if (err instanceof OutboundUrlError)
      throw new ValidationError(`${field}.base_url: ${err.message}`, `${field}.base_url`);
    throw err;
  }
}

/** Two base URLs name the same server when they differ only by trailing slashes or letter case of the host. */
function sameAddress(a: string | undefined, b: string | undefined): boolean {
  const normal = (url: string | undefined) => {
    if (!url) return '';
    try {
      return new URL(url).href.replace(/\/+$/, '');
    } catch {
      return url;
    }
  };
  return normal(a) === normal(b);
}

/** Where a model's requests go: its provider and its address (unset means the provider's usual one). */
function sameDestination(a: Partial<ModelConfig>, b: Partial<ModelConfig>): boolean {
  return (
    (a.provider ?? '').toLowerCase() === (b.provider ?? '').toLowerCase() &&
    sameAddress(a.base_url, b.base_url)
  );
}

/**
 * `current` changed by `patch` (already read by `readModelConfig`). When the patch sends the model somewhere
 * else (another `base_url` or provider), the stored credentials are forgotten unless the patch gives them
 * again: a key typed for one server must not be sent to another by whoever can change the address.
 */
export function mergeModelConfig(
  current: Partial<ModelConfig> | null | undefined,
  patch: Partial<ModelConfig>,
): Partial<ModelConfig> {
  const merged: Loose = { ...(current ?? {}) };
  const next = { ...merged, ...patch } as Partial<ModelConfig>;
  if (current && !sameDestination(current, next)) {
    for (const key of Object.keys(merged)) if (isSecretKey(key) && !(key in patch)) delete merged[key];
  }
  return { ...merged, ...patch } as Partial<ModelConfig>;
}

/**
 * The model a call uses: the stored one, with the operator's default key added only when the model goes to
 * the default's address (same provider, and no `base_url` or the default's own). A user who points a model
 * anywhere else gets no key but the one they typed.
 */
export function withDefaultCredentials(
  model: ModelConfig,
  defaults: Partial<ModelConfig> | undefined,
): ModelConfig {
  if (!defaults || (model.provider ?? '').toLowerCase() !== (defaults.provider ?? '').toLowerCase())
    return model;
  const out: ModelConfig = { ...model };
  if (!out.base_url) {
    if (defaults.base_url) out.base_url = defaults.base_url;
  } else if (!sameAddress(out.base_url, defaults.base_url)) {
    return out;
  }
  if (!out.api_key && defaults.api_key) out.api_key = defaults.api_key;
  return out;
}

import { errorField, problemMessage } from '../field-errors';
import type { ModelFieldErrors } from './model-fields';

const KEYS = ['provider', 'model_name', 'base_url', 'api_key'] as const;

/**
 * Places a server error about a model (`embedding_model.api_key`, or the model as a whole) beside the right
 * input of its fieldset. An error about the whole model goes beside the provider, where the choice is made.
 */
export function modelFieldErrors(error: unknown, prefix: string): ModelFieldErrors {
  const field = errorField(error);
  if (!field || !(field === prefix || field.startsWith(`${prefix}.`))) return {};
  const key =
    KEYS.find((k) => field === `${prefix}.${k}` || field.startsWith(`${prefix}.${k}.`)) ?? 'provider';
  return { [key]: problemMessage(error) };
}

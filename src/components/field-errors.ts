import { ApiError } from '../api/client';

/** Wrappers the server may put before a field name: the request body's key, or MindsDB's `params`. */
const WRAPPERS = ['knowledge_base.', 'agent.', 'job.', 'params.'];

function normalise(field: string): string {
  let f = field.replace(/\[(\d+)\]/g, '.$1');
  for (let again = true; again;) {
    again = false;
    for (const w of WRAPPERS) {
      if (f.startsWith(w)) {
        f = f.slice(w.length);
        again = true;
      }
    }
  }
  return f;
}

/** What to tell the user about a failed request: an ApiError's message is already in plain words. */
export function problemMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The request field a server error concerns (without body wrappers), or null when it names none. */
export function errorField(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.problem.field) return null;
  return normalise(error.problem.field);
}

/**
 * The message to show beside a form field when the server's error concerns it: `names` are the request paths
 * the field edits (e.g. `embedding_model.api_key`); a deeper path (`data.tables.0`) belongs to its parent.
 */
export function fieldError(error: unknown, ...names: string[]): string | undefined {
  const field = errorField(error);
  if (field === null) return undefined;
  const hit = names.some((n) => field === n || field.startsWith(`${n}.`));
  return hit ? problemMessage(error) : undefined;
}

/** The error for the form as a whole: anything that no field of `placed` shows beside itself. */
export function formError(error: unknown, placed: string[]): string | undefined {
  if (!error) return undefined;
  if (fieldError(error, ...placed)) return undefined;
  return error instanceof Error ? error.message : String(error);
}

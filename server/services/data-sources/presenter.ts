import type { Literal } from '../../dialect/ast';
import { MASK, maskFields } from '../../../protocol/secrets';
import type { StoredSource } from '../../store/data-sources';

/**
 * The fields of a data source that may hold credentials: in every answer (REST, SQL DESCRIBE, exports) their
 * secret-looking keys are masked (protocol/secrets.ts). A new field that may carry one is added here.
 */
export const SOURCE_SECRET_FIELDS = ['parameters'] as const satisfies readonly (keyof StoredSource)[];

/** A data source as answers show it: parameters masked. */
export type SourceView = StoredSource;

/** The one way a data source leaves the server: the REST routes and the SQL handlers show this. */
export function presentSource(stored: StoredSource): SourceView {
  return maskFields(stored, SOURCE_SECRET_FIELDS);
}

/**
 * New parameters for an existing source: given keys replace the stored ones, and a secret sent back as the
 * mask (a client that edits what it was shown) keeps the stored value.
 */
export function mergeParameters(
  stored: Record<string, Literal>,
  changes: Record<string, Literal>,
): Record<string, Literal> {
  const merged = { ...stored };
  for (const [key, value] of Object.entries(changes)) {
    if (value === MASK && key in stored) continue;
    merged[key] = value;
  }
  return merged;
}

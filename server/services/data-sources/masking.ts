import type { Literal } from '../../dialect/ast';
import { MASK, maskSecrets } from '../../../protocol/secrets';

/** Parameters as every answer shows them: the password and any other secret-looking key masked. */
export function maskParameters(parameters: Record<string, Literal>): Record<string, Literal> {
  return maskSecrets(parameters);
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

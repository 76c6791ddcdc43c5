import type { CatalogDb } from '../engines/catalog-db';
import { findNameTwins, type NameTwins } from '../store/name-twins';

/**
 * Names that differ only by case, which an older version let a data folder hold (`GET /api/name-conflicts`):
 * the console asks the user to rename them. The catalog query is the store's (store/name-twins.ts).
 */
export function nameConflicts(catalog: CatalogDb): Promise<NameTwins[]> {
  return findNameTwins(catalog);
}

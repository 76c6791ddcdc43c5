import type { Databases } from '../../engines/catalog';
import type { ProjectService } from '../projects';
import type { SqlRunner } from '../../domain/sql';
import { ViewExpander } from './expand';
import { ViewService } from './service';

export interface Views {
  views: ViewService;
  /** Rewrites a SELECT that reads views; its SQL handler comes first (see sql/register-handlers.ts). */
  viewExpander: ViewExpander;
}

/** Builds the views: their place in SHOW TABLES, and what rewrites a SELECT that reads one. */
export async function openViews(deps: {
  databases: Databases;
  projects: ProjectService;
  sql: SqlRunner;
  /** The data sources' names (a view may be a native query to one). */
  sourceNames: () => Promise<Set<string>>;
}): Promise<Views> {
  const views = new ViewService(deps.databases.catalog, deps.projects, deps.databases.data, deps.sourceNames);
  deps.projects.addObjectSource(views);
  const viewExpander = new ViewExpander(views.store, deps.projects, deps.databases, deps.sql);
  return { views, viewExpander };
}

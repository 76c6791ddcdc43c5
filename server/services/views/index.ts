import type { Databases } from '../../engines/catalog';
import type { ProjectService } from '../projects';
import type { SqlRouter } from '../sql/router';
import { registerViewHandlers } from '../sql/view-handlers';
import { ViewExpander } from './expand';
import { ViewService } from './service';

/**
 * Builds the views: their table, their place in SHOW TABLES, and their SQL. Call before the other SELECT
 * handlers are registered: a SELECT that reads a view is rewritten before anything else looks at it.
 */
export async function openViews(deps: {
  databases: Databases;
  projects: ProjectService;
  sql: SqlRouter;
}): Promise<ViewService> {
  const views = new ViewService(deps.databases.catalog, deps.projects, deps.databases.data);
  await views.store.ensureSchema();
  deps.projects.addObjectSource(views);
  const expander = new ViewExpander(views.store, deps.projects, deps.databases, deps.sql);
  registerViewHandlers(deps.sql, { views, expander });
  return views;
}

import type { DuckDb } from '../../engines/duckdb';
import { ValidationError } from '../errors';
import type { ProjectService } from '../projects';
import type { ViewStore } from './store';
import { substituteTables } from './substitute';

/** A view may read another view, which may read another: past this depth it is a loop. */
export const MAX_VIEW_DEPTH = 8;

/**
 * Writes every view a SELECT reads as a subquery holding the view's own SELECT, so that the query that runs
 * names only tables of data sources and passes the engine's sandbox like any other (a view grants no access
 * its query would not have). Returns undefined when the query reads no view.
 */
export class ViewExpander {
  constructor(
    private readonly store: ViewStore,
    private readonly projects: ProjectService,
    private readonly data: DuckDb,
  ) {}

  /**
   * `db` is the database names without one are looked up in. A view's own SELECT is expanded in its project's
   * database, so a view that reads `other_view` finds it in its own project whoever reads it.
   */
  async expand(sql: string, db: string, depth = 0): Promise<string | undefined> {
    if (depth > MAX_VIEW_DEPTH) {
      throw new ValidationError(
        `Views read each other more than ${MAX_VIEW_DEPTH} levels deep (does a view read itself?)`,
      );
    }
    const names = await this.store.names();
    if (names.size === 0) return undefined;
    return substituteTables(this.data, sql, names, async (ref) => {
      const project = await this.projects.find(ref.schema || db);
      const view = project && (await this.store.find(project.id, ref.table));
      if (!view) return undefined;
      return (await this.expand(view.query, project.name, depth + 1)) ?? view.query;
    });
  }
}

import type { DuckDb } from '../../engines/duckdb';
import type { CatalogDb } from '../../engines/catalog-db';
import { ValidationError } from '../../errors';
import type { ProjectService } from '../projects';
import type { ViewStore } from '../../store/views';
import { parseStatement } from '../../dialect/parser';
import { nameHolder } from '../../store/project-names';
import type { SqlRunner } from '../../domain/sql';
import { rowsQuery } from './rows-query';
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
    private readonly databases: { catalog: CatalogDb; data: DuckDb },
    private readonly router: SqlRunner,
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
    return substituteTables(this.databases.data, sql, names, async (ref) => {
      const project = await this.projects.find(ref.schema || db);
      const view = project && (await this.store.find(project.id, ref.table));
      if (!view) return undefined;
      if (await this.readsKnowledgeBaseOrAgent(view.query, project.name))
        return this.answer(view, project.name);
      return (await this.expand(view.query, project.name, depth + 1)) ?? view.query;
    });
  }

  /** True when the view's SELECT is one that only a knowledge base or an agent answers (not the engine). */
  private async readsKnowledgeBaseOrAgent(query: string, db: string): Promise<boolean> {
    const statement = parseStatement(query);
    if (statement.kind !== 'select' || !statement.simple) return false;
    const parts = statement.simple.from.parts;
    if (parts.length > 2) return false;
    const project = await this.projects.find(parts.length === 2 ? parts[0] : db);
    const holder = project && (await nameHolder(this.databases.catalog, project.id, parts[parts.length - 1]));
    return Boolean(holder && holder.kind !== 'view');
  }

  /**
   * Such a view stands in the query as the rows its SELECT answers (at most a SELECT's row limit), since the
   * engine cannot read a knowledge base or an agent itself.
   */
  private async answer(view: { name: string; query: string }, db: string): Promise<string> {
    const result = await this.router.execute(view.query, { db, show_secrets: false });
    if (result.type === 'error') throw new ValidationError(`View '${view.name}': ${result.error_message}`);
    if (result.type !== 'table') throw new ValidationError(`View '${view.name}' returns no rows`);
    return rowsQuery(result.column_names, result.data);
  }
}

import type { CatalogDb } from '../engines/catalog-db';
import { formatTimestamp } from '../util/time';
import { NAME_IS_FREE, nameIsFreeParams, PROJECT_EXISTS, selectByName } from './project-names';

export interface ViewRecord {
  id: number;
  projectId: number;
  name: string;
  query: string;
}

const SELECT = `SELECT id, project_id, name, query FROM views`;

const toRecord = (r: Record<string, unknown>): ViewRecord => ({
  id: Number(r.id),
  projectId: Number(r.project_id),
  name: String(r.name),
  query: String(r.query),
});

export const VIEWS_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS views (
    id BIGINT PRIMARY KEY, project_id INTEGER NOT NULL, name VARCHAR NOT NULL, query VARCHAR NOT NULL,
    created_at TIMESTAMP NOT NULL, updated_at TIMESTAMP NOT NULL)`,
];

/** At start-up: views of projects dropped while the server was cut short. */
export const VIEWS_TIDY = [`DELETE FROM views WHERE project_id NOT IN (SELECT id FROM projects)`];

/** The `views` table of the catalog: one row per view, its SELECT kept as the text the user wrote. */
export class ViewStore {
  constructor(private readonly catalog: CatalogDb) {}

  async list(projectId: number): Promise<ViewRecord[]> {
    return (await this.catalog.select(`${SELECT} WHERE project_id = ? ORDER BY id`, [projectId])).map(
      toRecord,
    );
  }

  /** Every view of every project, for the quick "does this query name a view?" test. */
  async names(): Promise<Set<string>> {
    const rows = await this.catalog.select<{ name: string }>(
      `SELECT DISTINCT lower(name) AS name FROM views`,
    );
    return new Set(rows.map((r) => r.name));
  }

  async find(projectId: number, name: string): Promise<ViewRecord | undefined> {
    const row = await selectByName(this.catalog, SELECT, 'views', projectId, name);
    return row ? toRecord(row) : undefined;
  }

  /**
   * Inserts unless the name is taken in the project or the project is gone, in one statement: the catalog
   * writes one statement at a time, so two creates of one name, or a create racing DROP PROJECT, cannot both win.
   */
  async insert(projectId: number, name: string, query: string): Promise<boolean> {
    const now = formatTimestamp();
    const { rows } = await this.catalog.query(
      `INSERT INTO views SELECT nextval('object_ids'), ?, ?, ?, CAST(? AS TIMESTAMP), CAST(? AS TIMESTAMP)
       WHERE ${PROJECT_EXISTS} AND ${NAME_IS_FREE} RETURNING id`,
      [projectId, name, query, now, now, projectId, ...nameIsFreeParams(projectId, name)],
    );
    return rows.length > 0;
  }

  async updateQuery(id: number, query: string): Promise<void> {
    await this.catalog.run(`UPDATE views SET query = ?, updated_at = CAST(? AS TIMESTAMP) WHERE id = ?`, [
      query,
      formatTimestamp(),
      id,
    ]);
  }

  async remove(id: number): Promise<boolean> {
    const { rows } = await this.catalog.query(`DELETE FROM views WHERE id = ? RETURNING id`, [id]);
    return rows.length > 0;
  }

  async removeProject(projectId: number): Promise<void> {
    await this.catalog.run(`DELETE FROM views WHERE project_id = ?`, [projectId]);
  }
}

import type { CatalogDb } from '../engines/catalog-db';
import { systemDatabase } from '../domain/system-databases';

export interface Project {
  id: number;
  name: string;
  created_at: string;
}

/**
 * The catalog's shared id sequence (every project, knowledge base, agent, view, job and data source takes its
 * id from it, so an id, and a knowledge base's vector table named after it, is never reused) and `projects`,
 * which the other tables of a project refer to.
 */
export const PROJECTS_SCHEMA = [
  `CREATE SEQUENCE IF NOT EXISTS object_ids START 1`,
  `CREATE TABLE IF NOT EXISTS projects (id INTEGER PRIMARY KEY, name VARCHAR UNIQUE NOT NULL, created_at TIMESTAMP NOT NULL)`,
];

const SELECT = `SELECT id, name, strftime(created_at, '%Y-%m-%d %H:%M:%S.%f') AS created_at FROM projects`;

/**
 * The `projects` table. A row named like a system database (one an older version let someone create) is
 * neither listed nor found: the system database always wins, so nothing can shadow it.
 */
export class ProjectStore {
  constructor(private readonly catalog: CatalogDb) {}

  async list(): Promise<Project[]> {
    return (await this.catalog.select<Project>(`${SELECT} ORDER BY id`)).filter(
      (p) => !systemDatabase(p.name),
    );
  }

  /** Any case, as MindsDB; the exact spelling first where an older data folder holds case twins. */
  async find(name: string): Promise<Project | undefined> {
    if (systemDatabase(name)) return undefined;
    const rows = await this.catalog.select<Project>(
      `${SELECT} WHERE lower(name) = lower(?) ORDER BY (name = ?) DESC, id LIMIT 1`,
      [name, name],
    );
    return rows[0];
  }

  async insert(name: string, createdAt: string): Promise<void> {
    await this.catalog.run(
      `INSERT INTO projects (id, name, created_at) VALUES (nextval('object_ids'), ?, CAST(? AS TIMESTAMP))`,
      [name, createdAt],
    );
  }

  /** Its objects refer to the project by id, so a new name is one row's change. False when it was gone. */
  async rename(id: number, name: string): Promise<boolean> {
    const { rows } = await this.catalog.query(`UPDATE projects SET name = ? WHERE id = ? RETURNING id`, [
      name,
      id,
    ]);
    return rows.length > 0;
  }

  /** False when the row was already gone (a drop that raced this one). */
  async delete(id: number): Promise<boolean> {
    const { rows } = await this.catalog.query(`DELETE FROM projects WHERE id = ? RETURNING id`, [id]);
    return rows.length > 0;
  }
}

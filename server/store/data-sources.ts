import type { CatalogDb } from '../engines/catalog-db';
import { systemDatabase } from '../domain/system-databases';
import type { Literal } from '../dialect/ast';
import { formatTimestamp } from '../util/time';

/** The one data source a name means: any case, the exact spelling first (bind the name twice). */
const ONE_BY_NAME = `SELECT id FROM data_sources WHERE lower(name) = lower(?) ORDER BY (name = ?) DESC, id LIMIT 1`;

/** A connected external database as the catalog keeps it. `parameters` hold the password in clear: never show them. */
export interface StoredSource {
  id: number;
  name: string;
  engine: string;
  parameters: Record<string, Literal>;
  created_at: string;
  updated_at: string;
}

interface SourceRow {
  id: number;
  name: string;
  engine: string;
  parameters: string;
  created_at: string;
  updated_at: string;
}

const COLUMNS = `id, name, engine, parameters, strftime(created_at, '%Y-%m-%d %H:%M:%S.%f') AS created_at,
  strftime(updated_at, '%Y-%m-%d %H:%M:%S.%f') AS updated_at`;

const fromRow = (r: SourceRow): StoredSource => ({ ...r, parameters: JSON.parse(r.parameters) });

export const DATA_SOURCES_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS data_sources (id BIGINT PRIMARY KEY, name VARCHAR NOT NULL UNIQUE,
    engine VARCHAR NOT NULL, parameters VARCHAR NOT NULL, created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL)`,
];

/** The catalog table of data sources. */
export class SourceStore {
  constructor(private readonly catalog: CatalogDb) {}

  /** A source named like a system database (an older version allowed 'log') is neither listed nor found. */
  async list(): Promise<StoredSource[]> {
    const rows = await this.catalog.select<SourceRow>(`SELECT ${COLUMNS} FROM data_sources ORDER BY id`);
    return rows.filter((r) => !systemDatabase(r.name)).map(fromRow);
  }

  async find(name: string): Promise<StoredSource | undefined> {
    if (systemDatabase(name)) return undefined;
    // Names compare without regard to case, as MindsDB's do; an exact spelling wins where an older data folder
    // holds two names that differ only by case.
    const rows = await this.catalog.select<SourceRow>(
      `SELECT ${COLUMNS} FROM data_sources WHERE lower(name) = lower(?) ORDER BY (name = ?) DESC, id LIMIT 1`,
      [name, name],
    );
    return rows[0] ? fromRow(rows[0]) : undefined;
  }

  async insert(name: string, engine: string, parameters: Record<string, Literal>): Promise<void> {
    const now = formatTimestamp();
    await this.catalog.run(
      `INSERT INTO data_sources (id, name, engine, parameters, created_at, updated_at)
       VALUES (nextval('object_ids'), ?, ?, ?, CAST(? AS TIMESTAMP), CAST(? AS TIMESTAMP))`,
      [name, engine, JSON.stringify(parameters), now, now],
    );
  }

  async update(name: string, parameters: Record<string, Literal>): Promise<void> {
    await this.catalog.run(
      `UPDATE data_sources SET parameters = ?, updated_at = CAST(? AS TIMESTAMP) WHERE id = (${ONE_BY_NAME})`,
      [JSON.stringify(parameters), formatTimestamp(), name, name],
    );
  }

  async delete(name: string): Promise<boolean> {
    const { rows } = await this.catalog.query(
      `DELETE FROM data_sources WHERE id = (${ONE_BY_NAME}) RETURNING id`,
      [name, name],
    );
    return rows.length > 0;
  }
}

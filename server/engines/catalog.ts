import fs from 'node:fs/promises';
import path from 'node:path';
import { DuckDb } from './duckdb';

/**
 * The two embedded DuckDB databases of a data folder. The catalog (projects, tokens, KB and agent rows)
 * and the users' data (uploaded files, schema `files`) are kept in separate files so that a user's SQL,
 * which runs on the data database, can never read the catalog's secrets or token hashes.
 */
export interface Databases {
  catalog: DuckDb;
  data: DuckDb;
  dataDir: string;
  close(): void;
}

/** Connections for the users' SELECTs on the data database (see DuckDbOptions.readConnections). */
const USER_QUERY_CONNECTIONS = 3;

export async function openDatabases(
  dataDir: string,
  options: { queryTimeoutMs?: number } = {},
): Promise<Databases> {
  await fs.mkdir(dataDir, { recursive: true });
  const catalog = await DuckDb.open(path.join(dataDir, 'catalog.duckdb'));
  const data = await DuckDb.open(path.join(dataDir, 'data.duckdb'), {
    queryTimeoutMs: options.queryTimeoutMs,
    // The users' SELECTs: a few side by side, so a slow report does not hold up everyone's quick lookups.
    readConnections: USER_QUERY_CONNECTIONS,
  });
  await catalog.run(`CREATE SEQUENCE IF NOT EXISTS object_ids START 1`);
  await catalog.run(
    `CREATE TABLE IF NOT EXISTS projects (id INTEGER PRIMARY KEY, name VARCHAR UNIQUE NOT NULL, created_at TIMESTAMP NOT NULL)`,
  );
  await data.run(`CREATE SCHEMA IF NOT EXISTS files`);
  return {
    catalog,
    data,
    dataDir,
    close() {
      catalog.close();
      data.close();
    },
  };
}

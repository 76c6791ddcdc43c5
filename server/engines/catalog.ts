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

/** Read connections (see DuckDbOptions.readConnections): the users' SELECTs, and the catalogue's lookups. */
const USER_QUERY_CONNECTIONS = 3;
const CATALOG_READ_CONNECTIONS = 2;

export async function openDatabases(
  dataDir: string,
  options: { queryTimeoutMs?: number } = {},
): Promise<Databases> {
  await fs.mkdir(dataDir, { recursive: true });
  // Lookups of projects, knowledge bases and agents come with nearly every request: they read side by side.
  const catalog = await DuckDb.open(path.join(dataDir, 'catalog.duckdb'), {
    readConnections: CATALOG_READ_CONNECTIONS,
    cacheReads: true,
  });
  const data = await DuckDb.open(path.join(dataDir, 'data.duckdb'), {
    queryTimeoutMs: options.queryTimeoutMs,
    // The users' SELECTs: a few side by side, so a slow report does not hold up everyone's quick lookups.
    readConnections: USER_QUERY_CONNECTIONS,
    // Table listings and statement parses, asked for by every SELECT; users' queries are never kept.
    cacheReads: true,
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

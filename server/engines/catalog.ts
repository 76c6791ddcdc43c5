import fs from 'node:fs/promises';
import path from 'node:path';
import type { CatalogDb } from './catalog-db';
import { DuckDb } from './duckdb';
import { PostgresCatalog } from './postgres-catalog';
import { CATALOG_MEMORY_LIMIT, defaultDataMemoryLimit } from './sandbox';

/**
 * The two embedded DuckDB databases of a data folder. The catalog (projects, tokens, KB and agent rows)
 * and the users' data (uploaded files, schema `files`) are kept in separate files so that a user's SQL,
 * which runs on the data database, can never read the catalog's secrets or token hashes.
 */
export interface Databases {
  /** The data folder's DuckDB file, or a PostgreSQL server several servers share (`catalogUrl`). */
  catalog: CatalogDb;
  data: DuckDb;
  dataDir: string;
  /** Where uploads wait while their own engine reads them (see upload-reader.ts). */
  uploadStaging: string;
  close(): void;
}

/**
 * Connections of the data database: the users' SELECTs (see DuckDbOptions.queryConnections), the lookups
 * every request makes (table listings, statement parses), and a quick lane for users' queries while the
 * others are all busy with long ones (see DuckDbOptions.quickLaneMs). Users wait in turn, each in a queue of
 * their own, and while another user waits, one who holds two of the three gets no more (see ConnectionPool);
 * lookups never wait for users' queries; a long query that lands in the quick lane is stopped after a few
 * seconds.
 */
const USER_QUERY_CONNECTIONS = 3;
const DATA_LOOKUP_CONNECTIONS = 1;
const QUICK_LANE_MS = 5_000;
const CATALOG_READ_CONNECTIONS = 2;

/**
 * The only folder the upload reader may read files from (the data database reads none): uploads are linked
 * (or copied) here under random names, read into their table, and removed at once. See FileService.importFile.
 */
export const STAGING_FOLDER = 'upload-staging';

export async function openDatabases(
  dataDir: string,
  options: { queryTimeoutMs?: number; catalogUrl?: string } = {},
): Promise<Databases> {
  await fs.mkdir(dataDir, { recursive: true });
  // Uploads left behind by a server that stopped while reading one are nobody's any more.
  const staging = path.resolve(dataDir, STAGING_FOLDER);
  await fs.rm(staging, { recursive: true, force: true });
  await fs.mkdir(staging, { recursive: true });
  // Lookups of projects, knowledge bases and agents come with nearly every request: they read side by side.
  // The catalogue never runs users' SQL; it is sandboxed all the same (it reads no file at all).
  const catalog: CatalogDb = options.catalogUrl
    ? await PostgresCatalog.open(options.catalogUrl)
    : await DuckDb.open(path.join(dataDir, 'catalog.duckdb'), {
        readConnections: CATALOG_READ_CONNECTIONS,
        cacheReads: true,
        sandbox: { memoryLimit: CATALOG_MEMORY_LIMIT },
      });
  const data = await DuckDb.open(path.join(dataDir, 'data.duckdb'), {
    queryTimeoutMs: options.queryTimeoutMs,
    // The users' SELECTs: a few side by side, so a slow report does not hold up everyone's quick lookups.
    queryConnections: USER_QUERY_CONNECTIONS,
    quickLaneMs: Math.min(QUICK_LANE_MS, options.queryTimeoutMs ?? QUICK_LANE_MS),
    readConnections: DATA_LOOKUP_CONNECTIONS,
    // Table listings and statement parses, asked for by every SELECT; users' queries are never kept.
    cacheReads: true,
    // Users' SQL runs here: it may read no file at all (uploads are read by an engine of their own), load no
    // extension, change no setting.
    sandbox: { memoryLimit: defaultDataMemoryLimit() },
  });
  await data.run(`CREATE SCHEMA IF NOT EXISTS files`);
  return {
    catalog,
    data,
    dataDir,
    uploadStaging: staging,
    close() {
      catalog.close();
      data.close();
    },
  };
}

import os from 'node:os';
import type { DuckDBConnection } from '@duckdb/node-api';

/**
 * What a DuckDB database instance may reach besides its own file. These settings are the engine's own sandbox
 * and the second wall around users' SQL; the first is the check that a SELECT reads only users' tables
 * (engines/table-references.ts). A parser check alone cannot be the wall: any name it misreads would
 * reach the disk through the engine's file readers, replacement scans, COPY, ATTACH or extensions.
 */
export interface Sandbox {
  /**
   * The one folder whose files the engine may read, or none: only the upload reader has one (its staging
   * folder); the databases that run users' SQL read no file. Every other path, and every URL, is refused by
   * the engine itself, whatever the statement.
   */
  readableDirectory?: string;
  /** The engine's memory limit, in DuckDB's notation ('4GB'). */
  memoryLimit: string;
}

/**
 * The data database's memory limit: a quarter of the machine's memory. The engine's own default (80%) would
 * let three large joins take the memory the knowledge bases, the embedding model and the server need; past its
 * limit the engine spills to its temporary folder (data.duckdb.tmp) or the query fails with a clear error.
 */
export function defaultDataMemoryLimit(): string {
  return `${Math.max(256, Math.floor(os.totalmem() / 4 / 2 ** 20))}MB`;
}

/** The catalogue holds small rows only (projects, tokens, KB and agent settings). */
export const CATALOG_MEMORY_LIMIT = '512MB';

const quoteString = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Applies `sandbox` to the instance of `connection`, then locks the configuration so that no later statement
 * (a user's `SET`, `PRAGMA` or `RESET`) can undo it. Must run before any other connection is opened, and before
 * any user statement. The order matters: allowed directories can only be set while external access is on.
 */
export async function lockDown(connection: DuckDBConnection, sandbox: Sandbox): Promise<void> {
  const readable = sandbox.readableDirectory
    ? [quoteString(withTrailingSlash(sandbox.readableDirectory))]
    : [];
  const statements = [
    `SET allowed_directories = [${readable.join(', ')}]`,
    `SET allowed_paths = []`,
    // An extension that is not built in would be downloaded (httpfs: then user SQL could make HTTP requests).
    `SET autoinstall_known_extensions = false`,
    `SET autoload_known_extensions = false`,
    `SET memory_limit = ${quoteString(sandbox.memoryLimit)}`,
    `SET allocator_flush_threshold = '64MB'`,
    `SET allocator_background_threads = true`,
    // No file but the database's own, its temporary folder and the folder above: no read_csv('/etc/passwd'),
    // COPY ... TO, ATTACH, INSTALL or LOAD.
    `SET enable_external_access = false`,
    `SET lock_configuration = true`,
  ];
  for (const statement of statements) await connection.run(statement);
}

function withTrailingSlash(dir: string): string {
  return dir.endsWith('/') ? dir : `${dir}/`;
}

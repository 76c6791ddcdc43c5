import { DuckDb } from './duckdb';

/**
 * An in-memory engine of its own for one statement's intermediate tables (a join across data sources, the
 * answer of an information_schema query): sandboxed like the data database, it reads no file and sees
 * neither the catalog nor the users' data. The caller closes it when the statement is answered.
 */
export function openScratchEngine(options: {
  memoryLimit: string;
  queryTimeoutMs?: number;
}): Promise<DuckDb> {
  return DuckDb.open(':memory:', {
    sandbox: { memoryLimit: options.memoryLimit },
    ...(options.queryTimeoutMs === undefined ? {} : { queryTimeoutMs: options.queryTimeoutMs }),
  });
}

import { DuckDBInstance, type DuckDBDataChunk } from '@duckdb/node-api';
import { defaultDataMemoryLimit, lockDown } from './sandbox';

/** A column of a file being read: its name and its type in the engine's SQL. */
export interface UploadColumn {
  name: string;
  type: string;
}

/**
 * Reads an uploaded file with an engine of its own, not with the data database: the database that runs
 * users' SQL then reads no file at all (see engines/sandbox.ts), even while an upload is being read. This
 * engine lives in memory for one upload, runs only the server's own statement (`select`, with the file as a
 * bound parameter, never user text), and is sandboxed too: it may read the staging folder and nothing else.
 *
 * `use` gets the columns and the rows chunk by chunk (2,048 rows each) as the file is read, and must consume
 * them before it returns; the engine is closed afterwards. Errors of the file's reader (a CSV that does not
 * parse) come from the call or from the iteration.
 */
export async function readUpload<T>(
  stagingDir: string,
  select: string,
  file: string,
  use: (columns: UploadColumn[], chunks: AsyncIterable<DuckDBDataChunk>) => Promise<T>,
): Promise<T> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await lockDown(connection, { readableDirectory: stagingDir, memoryLimit: defaultDataMemoryLimit() });
    const result = await connection.stream(select, [file]);
    const types = result.columnTypes();
    const columns = result.columnNames().map((name, i) => ({ name, type: types[i].toString() }));
    async function* chunks(): AsyncGenerator<DuckDBDataChunk> {
      for (;;) {
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) return;
        yield chunk;
      }
    }
    return await use(columns, chunks());
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

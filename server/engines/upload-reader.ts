import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
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
 * engine lives in memory for one upload (spilling to a folder of its own in the staging folder when a file is
 * larger than its memory limit), runs only the server's own statement (`select`, with the file as a bound
 * parameter, never user text), and is sandboxed too: it may read the staging folder and nothing else.
 *
 * The file is read whole into a table of that engine first: a streamed read of a file that turns out malformed
 * midway just ends early, without an error (measured: the engine's streaming API reports none), so it would
 * silently keep part of the file. `use` then gets the columns and the rows chunk by chunk (2,048 rows each)
 * and must consume them before it returns; the iteration fails if fewer rows come than were read.
 */
export async function readUpload<T>(
  stagingDir: string,
  select: string,
  file: string,
  use: (columns: UploadColumn[], chunks: AsyncIterable<DuckDBDataChunk>) => Promise<T>,
): Promise<T> {
  const spill = path.join(stagingDir, `${randomBytes(16).toString('hex')}.tmp`);
  const instance = await DuckDBInstance.create(':memory:', { temp_directory: spill });
  const connection = await instance.connect();
  try {
    await lockDown(connection, { readableDirectory: stagingDir, memoryLimit: defaultDataMemoryLimit() });
    await connection.run(`CREATE TABLE upload AS ${select}`, [file]);
    const [[count]] = (await connection.runAndReadAll('SELECT count(*) FROM upload')).getRows();
    const expected = Number(count);
    const result = await connection.stream('SELECT * FROM upload');
    const types = result.columnTypes();
    const columns = result.columnNames().map((name, i) => ({ name, type: types[i].toString() }));
    async function* chunks(): AsyncGenerator<DuckDBDataChunk> {
      let rows = 0;
      for (;;) {
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) break;
        rows += chunk.rowCount;
        yield chunk;
      }
      if (rows !== expected) throw new Error(`the read stopped after ${rows} of ${expected} rows`);
    }
    return await use(columns, chunks());
  } finally {
    connection.closeSync();
    instance.closeSync();
    await fs.rm(spill, { recursive: true, force: true });
  }
}

import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { objectNamePattern } from '../../protocol/api/files';
import type { DuckDb } from '../engines/duckdb';
import { quoteIdent } from '../engines/duckdb';
import { readUpload } from '../engines/upload-reader';
import { JsonDepthScanner } from '../util/json-depth';
import { ConflictError, NotFoundError, ValidationError } from '../errors';

export type FileFormat = 'csv' | 'json' | 'parquet' | 'txt';

export interface FileInfo {
  name: string;
  row_count: number | null;
  columns: string[];
}

/** Decides what an upload is from its bytes (and its name as a hint); refuses binary data that is not Parquet. */
export function detectFormat(head: Buffer, originalName = ''): FileFormat {
  if (head.subarray(0, 4).toString('latin1') === 'PAR1') return 'parquet';
  if (head.includes(0)) {
    throw new ValidationError(
      'The file is binary and not Parquet: upload CSV, JSON, Parquet or text',
      'file',
    );
  }
  const ext = originalName.toLowerCase().split('.').pop();
  const first = head.toString('utf8').trimStart()[0];
  if (ext === 'json' || ext === 'jsonl' || ext === 'ndjson' || first === '[' || first === '{') return 'json';
  if (ext === 'txt' || ext === 'md') return 'txt';
  return 'csv';
}

/** Uploaded files become tables `files.<name>` in the data database. */
export class FileService {
  constructor(
    private readonly data: DuckDb,
    /** The folder the upload reader may read (see engines/upload-reader.ts). */
    private readonly stagingDir: string,
  ) {}

  validateName(name: string): void {
    if (!objectNamePattern.test(name)) {
      throw new ValidationError(
        `'${name.slice(0, 80)}' is not a valid file name: use letters, digits and underscores, starting with a letter`,
        'name',
      );
    }
  }

  async list(): Promise<FileInfo[]> {
    const tables = await this.data.select<{ table_name: string; estimated_size: number | null }>(
      `SELECT table_name, estimated_size FROM duckdb_tables() WHERE schema_name = 'files' ORDER BY table_name`,
    );
    const columns = await this.data.select<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM duckdb_columns() WHERE schema_name = 'files' ORDER BY table_name, column_index`,
    );
    return tables.map((t) => ({
      name: t.table_name,
      row_count: t.estimated_size,
      columns: columns.filter((c) => c.table_name === t.table_name).map((c) => c.column_name),
    }));
  }

  async exists(name: string): Promise<boolean> {
    const rows = await this.data.select(
      `SELECT 1 FROM duckdb_tables() WHERE schema_name = 'files' AND table_name = ?`,
      [name],
    );
    return rows.length > 0;
  }

  /** Loads the file at `path` into `files.<name>`, replacing a table of that name only when asked to. */
  async importFile(
    name: string,
    path: string,
    originalName: string,
    { replace = true } = {},
  ): Promise<FileInfo> {
    this.validateName(name);
    if (!replace && (await this.exists(name))) throw new ConflictError(`File '${name}' already exists`);
    const handle = await fs.open(path);
    const head = Buffer.alloc(8192);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    await handle.close();
    if (bytesRead === 0) throw new ValidationError('The file is empty', 'file');
    const format = detectFormat(head.subarray(0, bytesRead), originalName);
    if (format === 'json') await checkJsonDepth(path);
    const table = `files.${quoteIdent(name)}`;
    const staged = await this.stage(path);
    try {
      await readUpload(
        this.stagingDir,
        `SELECT * FROM ${readerFor(format)}`,
        staged.path,
        (columns, chunks) => this.data.replaceTable('files', name, columns, chunks),
      );
    } catch (err) {
      throw new ValidationError(
        `Could not read the file as ${format.toUpperCase()}: ${firstLine(err).replaceAll(staged.path, 'the file')}`,
        'file',
      );
    } finally {
      await staged.remove();
    }
    const info = (await this.list()).find((f) => f.name === name);
    const [{ n }] = await this.data.all<{ n: number }>(`SELECT count(*)::BIGINT AS n FROM ${table}`);
    return { name, row_count: n, columns: info?.columns ?? [] };
  }

  /**
   * Puts the upload at `source` in the staging folder, the only folder the upload reader may read. The data
   * database, where users' SQL runs, reads no file at all: the upload reader (an engine of its own, see
   * engines/upload-reader.ts) reads the file and hands its rows over chunk by chunk. Each staged file has a
   * random name and is removed as soon as it has been read. A hard link costs no copy when the upload is on
   * the same disk; otherwise the file is copied.
   */
  private async stage(source: string): Promise<{ path: string; remove: () => Promise<void> }> {
    const staged = path.join(this.stagingDir, randomBytes(16).toString('hex'));
    await fs.link(source, staged).catch(() => fs.copyFile(source, staged));
    return { path: staged, remove: () => fs.rm(staged, { force: true }) };
  }

  async remove(name: string): Promise<void> {
    this.validateName(name);
    if (!(await this.exists(name))) throw new NotFoundError(`File '${name}' does not exist`);
    await this.data.run(`DROP TABLE files.${quoteIdent(name)}`);
  }
}

/**
 * How deep an uploaded JSON file may nest. The engine's schema inference slows down steeply with depth, and a
 * deep enough file crashes the whole process (docs/measurements.md), so deeper files are refused before the
 * engine reads them.
 */
export const MAX_JSON_FILE_DEPTH = 100;

async function checkJsonDepth(path: string): Promise<void> {
  const scanner = new JsonDepthScanner();
  for await (const chunk of createReadStream(path)) {
    if (scanner.push(chunk as Buffer).max > MAX_JSON_FILE_DEPTH) {
      throw new ValidationError(
        `The JSON file nests more than ${MAX_JSON_FILE_DEPTH} levels deep: flatten it before uploading`,
        'file',
      );
    }
  }
}

function readerFor(format: FileFormat): string {
  switch (format) {
    case 'parquet':
      return 'read_parquet(?)';
    case 'json':
      return 'read_json_auto(?)';
    case 'txt':
      // A text file is one document: a single row with its whole content.
      return `(SELECT content FROM read_text(?))`;
    default:
      return 'read_csv(?, header = true, sample_size = 20480)';
  }
}

export function firstLine(err: unknown): string {
  return String((err as Error)?.message ?? err)
    .split('\n')[0]
    .slice(0, 300);
}

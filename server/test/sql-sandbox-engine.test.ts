import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAGING_FOLDER } from '../engines/catalog';
import { CATALOG_MEMORY_LIMIT, defaultDataMemoryLimit } from '../engines/sandbox';
import type { DuckDb } from '../engines/duckdb';
import { multipartFile } from './harness';
import { useTestApp } from './use-test-app';
import { useSecretFile } from './sql-fixtures';

/**
 * The second wall around users' SQL: the data database's own sandbox. These statements go straight to the
 * engine, past the table check (sql-sandbox.test.ts), as a statement the check misread would: the engine
 * itself must refuse to read, write, attach, install, load or reconfigure anything.
 */
const SECRET = 'TOP-SECRET-9146';
const t = useTestApp();
const { dir: secretDir, csv: secretCsv } = useSecretFile(SECRET);

/** Runs `sql` as users' SELECTs run (a query connection), and as the writes run (the main connection). */
async function refusedEverywhere(db: DuckDb, sql: string, refusal: RegExp): Promise<void> {
  await expect(db.queryAtMost(sql, 10), sql).rejects.toThrow(refusal);
  await expect(db.run(sql), sql).rejects.toThrow(refusal);
}

/** Bytes of a size as the engine shows it: '953.6 MiB', '1.1 GiB'. */
function bytesOf(size: string): number {
  const match = /^([\d.]+) (bytes|KiB|MiB|GiB|TiB)$/.exec(size);
  if (!match) throw new Error(`not a size: ${size}`);
  return Number(match[1]) * 1024 ** ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'].indexOf(match[2]);
}

const PERMISSION = /Permission Error/;
const LOCKED = /configuration has been locked/;

describe("the data database's sandbox", () => {
  it('reads no file at all, by any reader or path, not even an upload waiting to be read', async () => {
    const data = t.deps.databases.data;
    const waiting = path.join(t.dataDir, STAGING_FOLDER, 'waiting.csv');
    await fs.writeFile(waiting, `code\n${SECRET}\n`);
    await refusedEverywhere(data, `SELECT * FROM read_csv('${waiting}')`, PERMISSION);
    await refusedEverywhere(data, `SELECT * FROM glob('${path.dirname(waiting)}/*')`, PERMISSION);
    await fs.rm(waiting);
    const glob = secretCsv.replace('secret.csv', 'secre[t].csv');
    for (const sql of [
      `SELECT * FROM '${secretCsv}'`,
      `SELECT * FROM '${glob}'`,
      `SELECT * FROM read_csv('${secretCsv}')`,
      `SELECT * FROM read_json_auto('${secretCsv}')`,
      `SELECT * FROM read_parquet('${secretCsv}')`,
      `SELECT content FROM read_text('${secretCsv}')`,
      `SELECT content FROM read_blob('${secretCsv}')`,
      `SELECT * FROM glob('${secretDir}/*')`,
      `SELECT * FROM read_text('${path.join(t.dataDir, STAGING_FOLDER)}/../catalog.duckdb')`,
      `SELECT * FROM read_text('/etc/passwd')`,
    ]) {
      await refusedEverywhere(data, sql, PERMISSION);
    }
  });

  it('writes no file, attaches no database and loads no extension', async () => {
    const data = t.deps.databases.data;
    const out = path.join(secretDir, 'out.csv');
    await refusedEverywhere(data, `COPY (SELECT 1) TO '${out}'`, PERMISSION);
    await refusedEverywhere(data, `ATTACH '${path.join(t.dataDir, 'catalog.duckdb')}' AS c`, PERMISSION);
    await refusedEverywhere(data, `ATTACH '${path.join(secretDir, 'new.duckdb')}' AS n`, PERMISSION);
    await refusedEverywhere(data, 'INSTALL httpfs', PERMISSION);
    await refusedEverywhere(data, 'LOAD httpfs', PERMISSION);
    await refusedEverywhere(data, `SELECT * FROM read_csv('https://example.invalid/x.csv')`, PERMISSION);
    expect(await fs.readdir(secretDir)).toEqual(['secret.csv']);
  });

  it('changes no setting: SET, RESET and PRAGMA are locked out', async () => {
    const data = t.deps.databases.data;
    for (const sql of [
      'SET enable_external_access = true',
      "SET allowed_directories = ['/']",
      'RESET allowed_paths',
      "SET memory_limit = '100GB'",
      'SET autoinstall_known_extensions = true',
      'SET lock_configuration = false',
      "PRAGMA memory_limit = '100GB'",
    ]) {
      await refusedEverywhere(data, sql, LOCKED);
    }
    const [settings] = await data.select<Record<string, unknown>>(
      `SELECT current_setting('enable_external_access') AS external,
              current_setting('autoload_known_extensions') AS autoload,
              current_setting('autoinstall_known_extensions') AS autoinstall,
              current_setting('lock_configuration') AS locked`,
    );
    expect(settings).toEqual({ external: false, autoload: false, autoinstall: false, locked: true });
  });

  it('holds a quarter of the memory at most, and gives freed memory back to the system', async () => {
    for (const [db, limit] of [
      [t.deps.databases.data, defaultDataMemoryLimit()],
      [t.deps.databases.catalog, CATALOG_MEMORY_LIMIT],
    ] as const) {
      const [memory] = await db.select<{ mem: string; flush: string; background: boolean }>(
        `SELECT current_setting('memory_limit') AS mem,
                current_setting('allocator_flush_threshold') AS flush,
                current_setting('allocator_background_threads') AS background`,
      );
      // The engine's own default is 80% of the machine's memory; it shows sizes rounded, as '1.1 GiB'.
      const wanted = Number(/^(\d+)MB$/.exec(limit)?.[1]) * 1e6;
      expect(Math.abs(bytesOf(memory.mem) - wanted) / wanted, memory.mem).toBeLessThan(0.06);
      expect(bytesOf(memory.flush)).toBeLessThanOrEqual(64 * 2 ** 20);
      expect(memory.background).toBe(true);
    }
  });

  it('locks the catalogue the same way, with no readable folder at all', async () => {
    const catalog = t.deps.databases.catalog;
    await expect(catalog.run(`SELECT * FROM read_text('${secretCsv}')`)).rejects.toThrow(PERMISSION);
    await expect(catalog.run(`COPY (SELECT 1) TO '${secretDir}/c.csv'`)).rejects.toThrow(PERMISSION);
    await expect(catalog.run('SET enable_external_access = true')).rejects.toThrow(LOCKED);
    await expect(catalog.run('LOAD httpfs')).rejects.toThrow(PERMISSION);
  });
});

describe('uploads', () => {
  it('are read by an engine of their own through the staging folder, left empty after each upload', async () => {
    const staging = path.join(t.dataDir, STAGING_FOLDER);
    for (const [name, filename, content] of [
      ['ok_csv', 'a.csv', 'id,v\n1,one\n'],
      ['ok_json', 'a.json', '[{"id": 1, "v": "one"}]'],
      ['ok_txt', 'a.txt', 'one'],
    ]) {
      const res = await t.inject({
        method: 'PUT',
        url: `/api/files/${name}`,
        ...multipartFile('file', filename, content),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await fs.readdir(staging)).toEqual([]);
    }
    expect((await t.sql('SELECT v FROM files.ok_csv')).data).toEqual([['one']]);
    const bad = await t.inject({
      method: 'PUT',
      url: '/api/files/bad_json',
      ...multipartFile('file', 'b.json', '{"a": '),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toContain(STAGING_FOLDER);
    expect(await fs.readdir(staging)).toEqual([]);
  });
});

describe('an upload that fails midway', () => {
  it('leaves the table it was to replace as it was', async () => {
    const first = await t.inject({
      method: 'PUT',
      url: '/api/files/kept',
      ...multipartFile('file', 'kept.csv', 'id,v\n1,one\n2,two\n'),
    });
    expect(first.statusCode, first.body).toBe(200);
    // 100,000 good lines, then one cut short: a streamed read would stop early without an error.
    const lines = Array.from({ length: 100_000 }, (_, i) => JSON.stringify({ id: i, v: `v${i}` }));
    const broken = await t.inject({
      method: 'PUT',
      url: '/api/files/kept?replace=true',
      ...multipartFile('file', 'kept.json', `${lines.join('\n')}\n{"id": 1, "v": `),
    });
    expect(broken.statusCode, broken.body).toBe(400);
    expect(broken.json().detail).toMatch(/^Could not read the file as JSON: .*Malformed JSON/);
    expect((await t.sql('SELECT id, v FROM files.kept ORDER BY id')).data).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
  });
});

describe('an uploaded JSON file', () => {
  it('keeps key names that look like SQL as names of its columns', async () => {
    const key = 'a") VARCHAR); CREATE TABLE files.pwned (x INT); --';
    const res = await t.inject({
      method: 'PUT',
      url: '/api/files/odd_keys',
      ...multipartFile('file', 'odd.json', JSON.stringify([{ s: { [key]: 1 }, [key]: 2 }])),
    });
    expect(res.statusCode, res.body).toBe(200);
    const tables = await t.sql('SHOW TABLES FROM files');
    expect(JSON.stringify(tables.data)).not.toContain('pwned');
    const row = await t.sql('SELECT * FROM files.odd_keys');
    expect(row.column_names).toEqual(['s', key]);
    expect(row.data).toEqual([[{ [key]: 1 }, 2]]);
  });
});

/**
 * Data-source benchmark: prints figures, asserts nothing. Starts a real PostgreSQL (as the tests do).
 * - `INSERT INTO kb SELECT` of 100,000 rows from PostgreSQL against the same rows from `files.*`, end to end
 *   (read, chunk, embed with `local`, store): rows/s of each and their ratio (target: the source within 80%);
 * - a pushed-down point SELECT through the SQL router against `psql` running the same query (its own
 *   `\timing`, i.e. one round trip on an open connection): p50 of each and the overhead (target < 2 ms).
 * On a shared machine the wall-clock figures follow the other work's load; each load's CPU time (this
 * process, every thread: reading, chunking, embedding, storing) is printed beside it, as rows per CPU second,
 * which the machine's load moves far less.
 * Usage: npx tsx bench/sources.ts [rows]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openServices } from '../server/open-services';
import { startPostgres } from '../server/test/sources/servers';
import { sqlRunner } from './sql-runner';

const ROWS = Number(process.argv[2] ?? 100_000);
const POINT_QUERIES = 500;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function main(): Promise<void> {
  const server = await startPostgres();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-sources-'));
  const deps = await openServices({ dataDir: dir, demo: false, log: (m) => console.error(m) });
  const sql = sqlRunner(deps);
  const direct = new pg.Client({
    host: '127.0.0.1',
    port: server.port,
    user: server.user,
    password: server.password,
    database: server.database,
  });
  try {
    await direct.connect();
    await direct.query(`CREATE TABLE articles AS SELECT 'd' || g AS id,
      'article ' || g || ' on topic ' || (g % 40) || ': ' || repeat(md5(g::text) || ' ', 5) AS content
      FROM generate_series(1, ${ROWS}) g`);
    await direct.query('ALTER TABLE articles ADD PRIMARY KEY (id)');
    const { rows } = await direct.query<{ id: string; content: string }>('SELECT id, content FROM articles');
    const csv = path.join(dir, 'articles.csv');
    await fs.writeFile(csv, ['id,content', ...rows.map((r) => `${r.id},"${r.content}"`)].join('\n'));
    await deps.files.importFile('articles', csv, 'articles.csv');
    await sql(
      `CREATE DATABASE src WITH ENGINE = 'postgres', PARAMETERS = ${JSON.stringify({
        host: '127.0.0.1',
        port: server.port,
        database: server.database,
        user: server.user,
        password: server.password,
      })}`,
    );

    const load = async (kb: string, from: string) => {
      await sql(`CREATE KNOWLEDGE_BASE ${kb} USING content_columns = ['content'], id_column = 'id'`);
      // The previous load's index build runs in the background: each load starts on an idle machine.
      await deps.knowledgeBases.whenIdle();
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      await sql(`INSERT INTO ${kb} SELECT id, content FROM ${from}`);
      const cpu = process.cpuUsage(cpu0);
      return {
        wall: ROWS / ((performance.now() - t0) / 1000),
        cpu: ROWS / ((cpu.user + cpu.system) / 1e6),
      };
    };
    // The embedding model loads on first use, and each path's code and connections on its first load: a
    // small load from each first, so that no measured load pays for it.
    await sql(`CREATE KNOWLEDGE_BASE kb_warm USING content_columns = ['content'], id_column = 'id'`);
    await sql(`INSERT INTO kb_warm SELECT id, content FROM files.articles LIMIT 500`);
    await sql(`CREATE KNOWLEDGE_BASE kb_warm_source USING content_columns = ['content'], id_column = 'id'`);
    await sql(`INSERT INTO kb_warm_source SELECT id, content FROM src.articles LIMIT 500`);
    const readStart = performance.now();
    await sql('SELECT count(*) FROM (SELECT id, content FROM src.articles) q');
    const t1 = performance.now();
    await deps.dataSources.query('src', 'SELECT id, content FROM articles', { timeoutMs: 60_000 });
    console.log(
      `reading the ${ROWS} rows from PostgreSQL alone: ${(performance.now() - t1).toFixed(0)} ms (count pushed down: ${(t1 - readStart).toFixed(0)} ms)`,
    );
    // Two rounds, in turns: on a shared machine the order of two long loads alone moves the figures a lot.
    const rates = {
      files: [] as { wall: number; cpu: number }[],
      source: [] as { wall: number; cpu: number }[],
    };
    for (const round of [1, 2]) {
      rates.source.push(await load(`kb_source_${round}`, 'src.articles'));
      rates.files.push(await load(`kb_files_${round}`, 'files.articles'));
    }
    const best = (list: { wall: number; cpu: number }[], k: 'wall' | 'cpu') =>
      Math.max(...list.map((r) => r[k]));
    const each = (list: { wall: number; cpu: number }[], k: 'wall' | 'cpu') =>
      list.map((r) => Math.round(r[k])).join(', ');
    for (const [label, list] of [
      ['files.articles', rates.files],
      ['PostgreSQL:   ', rates.source],
    ] as const) {
      console.log(
        `INSERT INTO kb SELECT, ${ROWS} rows, from ${label} best ${Math.round(best(list, 'wall'))} rows/s (${each(list, 'wall')}); ` +
          `${Math.round(best(list, 'cpu'))} rows per CPU second (${each(list, 'cpu')})`,
      );
    }
    const ratio = (k: 'wall' | 'cpu') => ((best(rates.source, k) / best(rates.files, k)) * 100).toFixed(0);
    console.log(
      `  source / files: ${ratio('wall')}% by the clock, ${ratio('cpu')}% by CPU time (target >= 80%)`,
    );

    // The loads' index builds run in the background of this process: the point queries start once they end.
    await deps.knowledgeBases.whenIdle();
    const ids = Array.from({ length: POINT_QUERIES }, (_, i) => `d${((i * 7919) % ROWS) + 1}`);
    for (const id of ids.slice(0, 20)) await sql(`SELECT id, content FROM src.articles WHERE id = '${id}'`);
    const ours: number[] = [];
    const cpu0 = process.cpuUsage();
    for (const id of ids) {
      const t0 = performance.now();
      await sql(`SELECT id, content FROM src.articles WHERE id = '${id}'`);
      ours.push(performance.now() - t0);
    }
    const cpu = process.cpuUsage(cpu0);
    const cpuPerQuery = (cpu.user + cpu.system) / 1000 / POINT_QUERIES;
    const script = [
      '\\timing on',
      ...ids.map((id) => `SELECT id, content FROM articles WHERE id = '${id}';`),
    ];
    const psql = spawnSync(
      'psql',
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(server.port),
        '-U',
        server.user,
        '-d',
        server.database,
        '-q',
        '-o',
        '/dev/null',
      ],
      { input: script.join('\n'), encoding: 'utf8', env: { ...process.env, PGPASSWORD: server.password } },
    );
    const psqlTimes = [...psql.stdout.matchAll(/Time: ([\d.]+) ms/g)].map((m) => Number(m[1]));
    const ourP50 = pct(ours, 50);
    console.log(
      `point SELECT pushed down through the SQL router, ${POINT_QUERIES} queries: p50 ${ourP50.toFixed(2)} ms, p95 ${pct(ours, 95).toFixed(2)} ms (${cpuPerQuery.toFixed(2)} ms CPU each in this process)`,
    );
    if (psqlTimes.length) {
      const psqlP50 = pct(psqlTimes, 50);
      console.log(`the same query in psql (\\timing): p50 ${psqlP50.toFixed(2)} ms`);
      console.log(`  overhead at p50: ${(ourP50 - psqlP50).toFixed(2)} ms (target < 2 ms)`);
    } else {
      console.log(`psql gave no timings: ${psql.stderr.split('\n')[0]}`);
    }
  } finally {
    await direct.end().catch(() => undefined);
    // The index builds run in the background: the folder goes only once they are done.
    await deps.knowledgeBases.whenIdle().catch(() => undefined);
    await deps.close();
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Knowledge-base management benchmark: prints figures, asserts nothing.
 * - INSERT ... SELECT of N rows (default 20,000) from a file table with `batch_size`;
 * - the same INSERT again with `kb_skip_existing = true` (nothing to embed) and with plain upsert;
 * - UPDATE ... SET content of 100 documents, and of metadata of 100 documents;
 * - CREATE INDEX ON KNOWLEDGE_BASE over all chunks; DESCRIBE KNOWLEDGE_BASE latency; the documents count the
 *   console's status block reads.
 * Usage: npx tsx bench/kb-manage.ts [rows]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openServices } from '../server/open-services';

const ROWS = Number(process.argv[2] ?? 20_000);

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-kbm-'));
  const deps = await openServices({ dataDir: dir });
  const session = { db: 'mindsdb', show_secrets: false };
  const sql = async (query: string) => {
    const res = await deps.sql.execute(query, session);
    if (res.type === 'error') throw new Error(`${query.slice(0, 80)}: ${res.error_message}`);
    return res;
  };
  const timed = async (label: string, query: string) => {
    // Background index upkeep after an insert holds the KB's writes: let it finish, so the figure is the statement's.
    const idle = performance.now();
    await deps.knowledgeBases.whenIdle();
    const waited = performance.now() - idle;
    if (waited > 100)
      console.log(
        `${'  (background index upkeep before it)'.padEnd(46)} ${waited.toFixed(0).padStart(7)} ms`,
      );
    const start = performance.now();
    const res = await sql(query);
    const ms = performance.now() - start;
    const rows = res.type === 'ok' ? ` (${res.affected_rows} rows)` : '';
    console.log(`${label.padEnd(46)} ${ms.toFixed(0).padStart(7)} ms${rows}`);
    return ms;
  };
  try {
    await sql(
      `CREATE TABLE files.docs (SELECT i AS id, 'Note ' || i || ' about topic ' || (i % 40) || ' and the ' ||
        'details customers ask for most often, written out at some length' AS body, 'a' || (i % 7) AS author
        FROM range(1, ${ROWS + 1}) t(i))`,
    );
    await sql("CREATE KNOWLEDGE_BASE kb USING content_columns = ['body'], metadata_columns = ['author']");
    console.log(`knowledge-base management, ${ROWS.toLocaleString('en')} rows, local embedding`);
    const first = await timed(
      'INSERT ... USING batch_size = 2000',
      'INSERT INTO kb SELECT id, body, author FROM files.docs USING batch_size = 2000',
    );
    console.log(
      `${'  rows/s'.padEnd(46)} ${Math.round(ROWS / (first / 1000))
        .toLocaleString('en')
        .padStart(7)}`,
    );
    await timed(
      'INSERT again, kb_skip_existing = true',
      'INSERT INTO kb SELECT id, body, author FROM files.docs USING kb_skip_existing = true',
    );
    await timed(
      'INSERT again (upsert: replaces every id)',
      'INSERT INTO kb SELECT id, body, author FROM files.docs',
    );
    await timed('UPDATE content of 100 documents', "UPDATE kb SET body = 'changed text' WHERE id <= 100");
    await timed(
      'UPDATE metadata of 100 documents',
      "UPDATE kb SET author = 'zz' WHERE id > 100 AND id <= 200",
    );
    await timed('CREATE INDEX ON KNOWLEDGE_BASE', 'CREATE INDEX ON KNOWLEDGE_BASE kb');
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const start = performance.now();
      await sql('DESCRIBE KNOWLEDGE_BASE kb');
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${'DESCRIBE KNOWLEDGE_BASE (median of 20)'.padEnd(46)} ${times[10].toFixed(1).padStart(7)} ms`,
    );
    // What the console's status block reads each time it polls (every 1 s during a load, 15 s otherwise).
    const counts: number[] = [];
    for (let i = 0; i < 10; i++) {
      const start = performance.now();
      await deps.knowledgeBases.countDocuments('mindsdb', 'kb');
      counts.push(performance.now() - start);
    }
    counts.sort((a, b) => a - b);
    console.log(
      `${'documents count of the status (median of 10)'.padEnd(46)} ${counts[5].toFixed(1).padStart(7)} ms`,
    );
  } finally {
    await deps.knowledgeBases.whenIdle();
    await deps.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
